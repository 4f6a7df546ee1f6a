// The task board: three columns, tasks that move left/right, a new-task form with validation,
// deletion, an assignee per task and an assignee filter. Plain DOM; knows nothing of the agent.
(function () {
  'use strict';
  const { el, toast } = window.demo;

  const COLUMNS = [
    { id: 'todo', title: 'To do' },
    { id: 'doing', title: 'In progress' },
    { id: 'done', title: 'Done' },
  ];
  const PEOPLE = ['Unassigned', 'Maria', 'Sam', 'Wei', 'Priya'];
  let nextId = 1;
  const task = (title, assignee, priority, column) => ({ id: nextId++, title, assignee, priority, column });
  const tasks = [
    task('Write release notes', 'Priya', 'medium', 'todo'),
    task('Update onboarding screenshots', 'Sam', 'low', 'todo'),
    task('Rate-limit the export endpoint', 'Wei', 'high', 'todo'),
    task('Translate settings page to German', 'Maria', 'medium', 'todo'),
    task('Fix flaky payment webhook test', 'Sam', 'high', 'doing'),
    task('Dark mode contrast audit', 'Maria', 'medium', 'doing'),
    task('Migrate avatars to the CDN', 'Unassigned', 'low', 'doing'),
    task('Upgrade database driver', 'Wei', 'high', 'done'),
    task('Remove legacy feature flags', 'Sam', 'low', 'done'),
  ];
  const filter = document.getElementById('filter');
  const columnsRoot = document.getElementById('columns');

  function move(t, delta) {
    const index = COLUMNS.findIndex((c) => c.id === t.column) + delta;
    t.column = COLUMNS[index].id;
    render();
    toast(`"${t.title}" moved to ${COLUMNS[index].title}.`);
  }

  function assign(t, person) {
    t.assignee = person;
    render();
    toast(`"${t.title}" assigned to ${person}.`);
  }

  function card(t) {
    const at = COLUMNS.findIndex((c) => c.id === t.column);
    return el(
      'li',
      {},
      el(
        'article',
        { class: 'task-card', 'aria-labelledby': `task-${t.id}` },
        el('h3', { id: `task-${t.id}` }, t.title),
        el(
          'div',
          { class: 'meta' },
          el('span', { class: `badge ${t.priority}` }, t.priority),
          el(
            'select',
            { 'aria-label': `Assignee of "${t.title}"`, onchange: (event) => assign(t, event.target.value) },
            PEOPLE.map((person) => el('option', { selected: person === t.assignee }, person)),
          ),
        ),
        el(
          'div',
          { class: 'actions' },
          at > 0 && el('button', { type: 'button', onclick: () => move(t, -1), 'aria-label': `Move "${t.title}" to ${COLUMNS[at - 1].title}` }, `← ${COLUMNS[at - 1].title}`),
          at < COLUMNS.length - 1 &&
            el('button', { type: 'button', onclick: () => move(t, 1), 'aria-label': `Move "${t.title}" to ${COLUMNS[at + 1].title}` }, `${COLUMNS[at + 1].title} →`),
          el(
            'button',
            {
              type: 'button',
              class: 'danger',
              'aria-label': `Delete "${t.title}"`,
              onclick: () => {
                tasks.splice(tasks.indexOf(t), 1);
                render();
                toast(`"${t.title}" deleted.`);
              },
            },
            'Delete',
          ),
        ),
      ),
    );
  }

  function render() {
    const who = filter.value;
    columnsRoot.replaceChildren(
      ...COLUMNS.map((c) => {
        const mine = tasks.filter((t) => t.column === c.id && (!who || t.assignee === who));
        return el(
          'section',
          { class: 'column', 'aria-labelledby': `col-${c.id}` },
          el('h2', { id: `col-${c.id}` }, el('span', {}, c.title), el('span', { class: 'badge', 'aria-label': `${mine.length} tasks` }, String(mine.length))),
          mine.length ? el('ul', {}, mine.map(card)) : el('p', {}, 'Nothing here.'),
        );
      }),
    );
  }

  const form = document.getElementById('new-task');
  const f = form.elements;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const title = f.title.value.trim();
    const error = document.getElementById('title-error');
    if (!title) {
      error.textContent = 'Give the task a title.';
      f.title.setAttribute('aria-invalid', 'true');
      f.title.focus();
      return;
    }
    if (tasks.some((t) => t.title.toLowerCase() === title.toLowerCase())) {
      error.textContent = `A task called "${title}" already exists.`;
      return;
    }
    error.textContent = '';
    f.title.setAttribute('aria-invalid', 'false');
    tasks.push(task(title, f.assignee.value, f.priority.value, 'todo'));
    form.reset();
    render();
    toast(`"${title}" added to To do.`);
  });
  filter.addEventListener('change', render);
  render();
})();
