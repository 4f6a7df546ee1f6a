// The frame every Radix page sits in, laid out as shadcn/ui-style apps are: a top bar with the
// workspace name and navigation links, then a bordered card holding the page.
import { useEffect } from 'react';

const NAV = ['Dashboard', 'Orders', 'Team', 'Settings'];

/** A page titled `title` (with an optional muted `description`) in the app frame. */
export function Shell({ title, description, children }) {
  useEffect(() => void (document.title = `${title} · Acme`), [title]);
  return (
    <>
      <header className="topbar">
        <strong className="brand">Acme</strong>
        <nav className="nav">
          {NAV.map((label) => (
            <a key={label} href="#">
              {label}
            </a>
          ))}
        </nav>
      </header>
      <main className="page">
        <section className="card">
          <div className="card-header">
            <h1>{title}</h1>
            {description && <p className="muted">{description}</p>}
          </div>
          {children}
        </section>
      </main>
    </>
  );
}
