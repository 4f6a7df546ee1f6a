// Radix team page: a members table whose role cells are DropdownMenus (role radio items and a
// "Remove from team" item that opens a confirming Dialog), and a Popover holding a searchable
// project list, the Popover-plus-list combobox shadcn/ui sites build.
import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Label from '@radix-ui/react-label';
import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { useEvalState } from '../shared/react.js';
import { Check, ChevronDown, ChevronsUpDown, Dot } from './icons.jsx';
import { Shell } from './shell.jsx';

const PEOPLE = [
  ['ada', 'Ada Lovelace', 'ada@acme.dev'],
  ['grace', 'Grace Hopper', 'grace@acme.dev'],
  ['alan', 'Alan Turing', 'alan@acme.dev'],
  ['katherine', 'Katherine Johnson', 'katherine@acme.dev'],
];
const ROLES = [
  ['admin', 'Admin'],
  ['member', 'Member'],
  ['viewer', 'Viewer'],
];
const PROJECTS = [
  ['website', 'Website redesign'],
  ['mobile', 'Mobile app'],
  ['billing', 'Billing migration'],
  ['docs', 'Documentation'],
];
const INITIAL = { roles: { ada: 'admin', grace: 'member', alan: 'member', katherine: 'viewer' }, defaultProject: 'website' };

const labelOf = (list, value) => list.find(([key]) => key === value)?.[1];

/** The role cell of one member: a menu to change the role or remove them. */
function RoleMenu({ role, onRole, onRemove }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="button ghost small">
        {labelOf(ROLES, role)}
        <ChevronDown />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="popover menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="menu-label">Role</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={role} onValueChange={onRole}>
            {ROLES.map(([value, label]) => (
              <DropdownMenu.RadioItem key={value} value={value} className="menu-item">
                <DropdownMenu.ItemIndicator className="item-indicator left">
                  <Dot />
                </DropdownMenu.ItemIndicator>
                {label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item danger" onSelect={onRemove}>
            Remove from team
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The default-project picker: a combobox button opening a searchable list in a popover. */
function ProjectPicker({ value, onChange }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const shown = PROJECTS.filter(([, label]) => label.toLowerCase().includes(query.trim().toLowerCase()));
  const pick = (project) => {
    onChange(project);
    setOpen(false);
    setQuery('');
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger id="default-project" className="select-trigger" role="combobox" aria-expanded={open}>
        {labelOf(PROJECTS, value)}
        <ChevronsUpDown />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover picker" align="start" sideOffset={4}>
          <input className="input borderless" placeholder="Search projects…" value={query} onChange={(e) => setQuery(e.target.value)} />
          <ul role="listbox" aria-label="Projects" className="picker-list">
            {shown.map(([project, label]) => (
              <li key={project} role="option" aria-selected={project === value} className="select-item" onClick={() => pick(project)}>
                {label}
                {project === value && (
                  <span className="item-indicator">
                    <Check />
                  </span>
                )}
              </li>
            ))}
            {shown.length === 0 && <li className="muted small">No project found.</li>}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The team page. */
export function TeamPage() {
  const [values, setValues] = useState(INITIAL);
  const [removing, setRemoving] = useState(null);
  useEvalState({ ...values, submitted: null });
  const setRole = (id, role) => setValues((v) => ({ ...v, roles: { ...v.roles, [id]: role } }));
  const remove = (id) => {
    setValues((v) => ({ ...v, roles: Object.fromEntries(Object.entries(v.roles).filter(([key]) => key !== id)) }));
    setRemoving(null);
  };
  const members = PEOPLE.filter(([id]) => id in values.roles);
  return (
    <Shell title="Team" description="Invite your team members to collaborate.">
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th className="right">Role</th>
          </tr>
        </thead>
        <tbody>
          {members.map(([id, name, email]) => (
            <tr key={id}>
              <td className="strong">{name}</td>
              <td className="muted">{email}</td>
              <td className="right">
                <RoleMenu role={values.roles[id]} onRole={(role) => setRole(id, role)} onRemove={() => setRemoving(id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="field section">
        <Label.Root htmlFor="default-project">Default project</Label.Root>
        <ProjectPicker value={values.defaultProject} onChange={(project) => setValues((v) => ({ ...v, defaultProject: project }))} />
        <p className="muted small">New issues go to this project unless you pick another.</p>
      </div>
      <Dialog.Root open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="overlay" />
          <Dialog.Content className="dialog">
            <Dialog.Title>Remove {labelOf(PEOPLE, removing)}?</Dialog.Title>
            <Dialog.Description className="muted">They will lose access to the team's projects at once.</Dialog.Description>
            <div className="actions">
              <Dialog.Close className="button outline">Cancel</Dialog.Close>
              <button type="button" className="button destructive" onClick={() => remove(removing)}>
                Remove
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Shell>
  );
}
