// The few line icons the Radix pages draw (the 24px stroke style shadcn/ui sites take from an icon
// set); decorative, so hidden from assistive technology.

const Icon = ({ children }) => (
  <svg className="icon" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {children}
  </svg>
);

/** A chevron pointing down (a select or menu trigger). */
export const ChevronDown = () => (
  <Icon>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

/** A pair of chevrons up and down (a combobox trigger). */
export const ChevronsUpDown = () => (
  <Icon>
    <path d="m7 15 5 5 5-5" />
    <path d="m7 9 5-5 5 5" />
  </Icon>
);

/** A check mark (a checked item or box). */
export const Check = () => (
  <Icon>
    <path d="M20 6 9 17l-5-5" />
  </Icon>
);

/** A filled dot (a chosen radio). */
export const Dot = () => (
  <svg className="icon" viewBox="0 0 24 24" width="10" height="10" aria-hidden="true">
    <circle cx="12" cy="12" r="8" fill="currentColor" />
  </svg>
);
