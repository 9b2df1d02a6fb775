import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@common/paths';
import { Card } from '@app/components/ui/misc';
import { BRAND } from '@app/config/brand';

function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      <div className="prose-invert mt-6 grid gap-4 leading-relaxed text-slate-200 [&_h2]:mt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white">
        {children}
      </div>
    </Card>
  );
}

export function PrivacyPage() {
  return (
    <InfoPage title="Privacy">
      <p>
        Dreams are among the most personal things a person can write down. {BRAND.name} is built to be run by you or
        someone you trust, on your own server, and it keeps your journal there.
      </p>
      <h2>What we store</h2>
      <p>
        Your account (username, email address and a salted, slow hash of your password — never the password itself), the
        dreams, tags, intentions and notes you write, the interpretations generated for them, and anything you choose to
        share with the community. A sign-in session is kept as a hashed token for up to 30 days.
      </p>
      <h2>What we do not do</h2>
      <p>
        There is no advertising, no tracking script and no analytics service. Interpretations are made by the built-in
        offline engine on this server. Only if the operator configures an external AI service is a dream's text sent to
        that service to be interpreted.
      </p>
      <h2>Who can see your dreams</h2>
      <p>
        Your journal is visible only to you. A dream you share appears in the community feed — under your name or
        anonymously, as you choose — until you unshare it. Administrators of this installation can manage accounts and
        moderate shared content.
      </p>
      <h2>Your data, your choice</h2>
      <p>
        You can export your whole journal as JSON or Markdown from the Journal page at any time. To delete your account
        and everything in it, ask the operator of this installation (see{' '}
        <Link className="text-dream-300 underline" to={paths.support}>
          Support
        </Link>
        ); deletion removes your dreams, intentions, interpretations, shared dreams, likes, comments and sessions at
        once.
      </p>
    </InfoPage>
  );
}

export function TermsPage() {
  return (
    <InfoPage title="Terms">
      <p>By creating an account on this {BRAND.name} installation you agree to these simple terms.</p>
      <h2>Your content</h2>
      <p>
        What you write stays yours. You give this installation permission to store it and show it back to you, and —
        only for dreams you choose to share — to show it to other members of the community.
      </p>
      <h2>Interpretations</h2>
      <p>
        Interpretations are reflective prompts, not facts, diagnoses or advice. Dreams can touch on health, grief and
        trauma; if a dream troubles you, please talk to someone you trust or a qualified professional.
      </p>
      <h2>Community</h2>
      <p>
        Be kind. Do not share other people's private information, harassment, hate or anything unlawful. Shared dreams
        and comments can be reported; administrators may hide or remove content and suspend accounts that break these
        terms.
      </p>
      <h2>The service</h2>
      <p>
        This installation is run by its operator, as is, without warranties. Keep your own exports of anything you
        cannot afford to lose.
      </p>
    </InfoPage>
  );
}

export function SupportPage() {
  return (
    <InfoPage title="Support">
      <p>Stuck, or something not working as it should? Here is where to start.</p>
      <h2>Common questions</h2>
      <p>
        <strong>I forgot my password.</strong> The operator of this installation can issue a one-time password with{' '}
        <code className="rounded bg-night-800 px-1">npm run cli -- reset-password &lt;username&gt;</code>.
      </p>
      <p>
        <strong>How do I back up my journal?</strong> Open the Journal and use Export to download all your dreams and
        intentions as JSON (which you can import again later) or as a readable Markdown document.
      </p>
      <p>
        <strong>How do I delete my account?</strong> Ask the operator; deleting an account removes all of its data in
        one step.
      </p>
      <h2>Contact</h2>
      <p>
        {BRAND.name} is self-hosted: the person or group who runs this installation is your contact. If you run it
        yourself, the README in the project explains configuration, back-ups and operator commands.
      </p>
    </InfoPage>
  );
}
