// The multi-step signup form: per-step validation with accessible error messages, a review step
// and a success screen. Plain DOM; knows nothing of the agent.
(function () {
  'use strict';
  const { el } = window.demo;

  const form = document.getElementById('signup');
  const f = form.elements;
  const steps = [...form.querySelectorAll('fieldset[data-step]')];
  const progress = [...document.querySelectorAll('.steps-nav li')];
  const back = document.getElementById('back');
  const next = document.getElementById('next');
  let step = 1;

  const rules = {
    1: [
      ['email', (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? '' : 'Enter a valid email address, like name@example.com.')],
      ['password', (v) => (v.length < 8 ? 'The password needs at least 8 characters.' : /\d/.test(v) ? '' : 'The password needs at least one digit.')],
      ['confirm', (v) => (v === f.password.value ? '' : 'The passwords do not match.')],
    ],
    2: [
      ['name', (v) => (v.trim().length >= 2 ? '' : 'Enter your full name.')],
      ['country', (v) => (v ? '' : 'Choose your country.')],
      ['plan', () => (f.plan.value ? '' : 'Choose a plan.')],
    ],
    3: [['terms', () => (f.terms.checked ? '' : 'You must accept the terms of service to continue.')]],
  };

  function showError(name, message) {
    const box = document.getElementById(`${name}-error`);
    box.textContent = message;
    const input = f[name];
    const target = input instanceof RadioNodeList ? null : input;
    if (target) target.setAttribute('aria-invalid', message ? 'true' : 'false');
  }

  function validate(n) {
    let firstBad;
    for (const [name, check] of rules[n]) {
      const input = f[name];
      const message = check(input instanceof RadioNodeList ? input.value : input.value);
      showError(name, message);
      if (message && !firstBad) firstBad = input instanceof RadioNodeList ? input[0] : input;
    }
    firstBad?.focus();
    return !firstBad;
  }

  function show(n) {
    step = n;
    steps.forEach((fieldset) => (fieldset.hidden = Number(fieldset.dataset.step) !== n));
    progress.forEach((li) => (Number(li.dataset.step) === n ? li.setAttribute('aria-current', 'step') : li.removeAttribute('aria-current')));
    back.hidden = n === 1;
    next.textContent = n === 3 ? 'Create account' : 'Next';
    if (n === 3) {
      const facts = [
        ['Email', f.email.value],
        ['Name', f.name.value],
        ['Country', f.country.value],
        ['Company', f.company.value || '—'],
        ['Plan', f.plan.value],
      ];
      document.getElementById('review').replaceChildren(...facts.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!validate(step)) return;
    if (step < 3) return show(step + 1);
    form.closest('.card').hidden = true;
    const done = document.getElementById('done');
    document.getElementById('welcome').textContent =
      `Welcome, ${f.name.value.trim().split(/\s+/)[0]}! Your ${f.plan.value} account for ${f.email.value} is ready.` +
      (f.newsletter.checked ? ' You are subscribed to the newsletter.' : '');
    done.hidden = false;
    done.focus();
  });
  back.addEventListener('click', () => show(step - 1));
  // Clear a field's error as soon as the user fixes it.
  form.addEventListener('input', (event) => {
    const name = event.target.name;
    for (const [ruleName, check] of rules[step]) {
      if (ruleName === name && !check(f[name].value)) showError(name, '');
    }
  });
  document.getElementById('again').addEventListener('click', () => {
    form.reset();
    document.getElementById('done').hidden = true;
    form.closest('.card').hidden = false;
    show(1);
  });

  show(1);
})();
