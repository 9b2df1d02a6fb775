import { capitalise, type ComposeContext } from '../context';

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

function languageName(code: string): string | null {
  try {
    const name = LANGUAGE_NAMES.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/**
 * The honest answer for a dream the offline engine cannot read: written in another language, or
 * not language at all. Nothing in it is quoted back as imagery.
 */
export function unreadable(ctx: ComposeContext): string {
  if (ctx.analysis.nonsense || !ctx.analysis.language || ctx.analysis.language === 'und')
    return (
      'This entry does not read as a description of a dream: the words do not form sentences the offline dream engine can follow, so it has nothing honest to say about their imagery. ' +
      'If you write down what happened in the dream, even in a few plain sentences, the next reading can work with it.'
    );
  const name = languageName(ctx.analysis.language);
  const written = name ? `in ${capitalise(name)}` : 'in a language other than English';
  return (
    `This dream seems to be written ${written}. The offline dream engine reads English only, so rather than guess at words it does not know, it leaves the reading to you. ` +
    'If the app is set up with an AI model, that model can read the dream in its own language; otherwise, an English retelling of the dream, even a short one, can be read here.'
  );
}
