import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@app/components/ui/button';
import { Alert, Card } from '@app/components/ui/misc';

/** The card every sign-in and registration form shares: heading, error alert, fields, submit, link. */
export function AuthCard({
  heading,
  subtitle,
  failure,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  footer,
  children,
}: {
  heading: ReactNode;
  subtitle: ReactNode;
  failure: string | null;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  footer: { text: string; link: string; to: string };
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold text-white">{heading}</h1>
        <p className="mt-1 text-slate-300">{subtitle}</p>
        <form className="mt-6 grid gap-4" onSubmit={onSubmit} noValidate>
          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          {children}
          <Button type="submit" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </form>
        <p className="mt-4 text-sm text-slate-300">
          {footer.text}{' '}
          <Link className="text-dream-300 underline-offset-4 hover:underline" to={footer.to}>
            {footer.link}
          </Link>
        </p>
      </Card>
    </div>
  );
}
