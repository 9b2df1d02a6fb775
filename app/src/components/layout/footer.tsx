import { Link } from 'react-router';
import { paths } from '@common/paths';
import { BRAND } from '@app/config/brand';

export function Footer() {
  return (
    <footer className="border-t border-night-700/60 bg-night-950/70">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-300 sm:flex-row">
        <p>
          © {new Date().getFullYear()} {BRAND.name}
        </p>
        <nav aria-label="Footer" className="flex gap-5">
          <Link className="rounded hover:text-white" to={paths.privacy}>
            Privacy
          </Link>
          <Link className="rounded hover:text-white" to={paths.terms}>
            Terms
          </Link>
          <Link className="rounded hover:text-white" to={paths.support}>
            Support
          </Link>
        </nav>
      </div>
    </footer>
  );
}
