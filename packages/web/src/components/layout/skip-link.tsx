import './layout.css';

export const MAIN_ID = 'main-content';

/**
 * The first tab stop of every screen: jumps past the menu to the page's heading, its actions next
 * (WCAG 2.4.1). Focus is moved by hand so the address keeps no `#fragment`.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const heading = document.getElementById(MAIN_ID);
        if (!heading) return;
        event.preventDefault();
        heading.focus();
      }}
    >
      Skip to content
    </a>
  );
}
