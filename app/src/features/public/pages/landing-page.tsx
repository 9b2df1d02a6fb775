import { BookOpen, Moon, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@common/paths';
import { Button } from '@app/components/ui/button';
import { BRAND } from '@app/config/brand';

const FEATURES = [
  {
    icon: BookOpen,
    title: 'Dream Journal',
    text: 'Capture every dream the moment you wake: the story, the feeling, the time of life it came from, and the tags that tie your nights together.',
  },
  {
    icon: Moon,
    title: 'Lucid Dreaming',
    text: 'Set a pre-sleep intention, learn your personal dream signs, and practise the reality checks that help you wake up inside the dream.',
  },
  {
    icon: Sparkles,
    title: 'AI Interpretation',
    text: 'Get a reading of each dream that names its own symbols and moods and links it to the patterns across your journal — privately, on your own server.',
  },
] as const;

export function LandingPage() {
  return (
    <div className="mx-auto max-w-5xl py-8 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight text-white sm:text-6xl">
        Explore the worlds you visit <span className="text-dream-300">every night</span>
      </h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">
        {BRAND.name} is a private dream journal for curious sleepers and lucid dreamers. {BRAND.tagline}.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to={paths.login}>Log In</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.register}>Create Account</Link>
        </Button>
      </div>
      <ul className="mt-14 grid gap-6 text-left sm:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-night-600/70 bg-night-900/70 p-6">
            <Icon className="h-8 w-8 text-aurora-300" aria-hidden />
            <h2 className="mt-3 text-lg font-semibold text-white">{title}</h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-300">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
