/** Every client route, in one place. The server uses the patterns to answer 404 for unknown pages. */
export const paths = {
  home: '/',
  landing: '/landing',
  login: '/login',
  auth: '/auth',
  register: '/register',
  basicRegister: '/basic-register',
  journal: '/journal',
  /** The journal showing a search (the query lives in the URL, so Back and reload keep it). */
  journalSearch: (q: string) => `/journal?q=${encodeURIComponent(q)}`,
  intentions: '/intentions',
  insights: '/insights',
  guidedLibrary: '/guided-library',
  dream: (id: number | string) => `/dream/${id}`,
  dreamAlias: (id: number | string) => `/dreams/${id}`,
  profile: '/profile',
  socialFeed: '/social-feed',
  sharedDream: (id: number | string) => `/shared-dream/${id}`,
  dreamSymbols: '/dream-symbols',
  /** The personal symbol lexicon, with the reality checks (`#check-<id>`). */
  mySymbols: '/my-symbols',
  admin: '/admin',
  privacy: '/privacy',
  terms: '/terms',
  support: '/support',
} as const;

/** Patterns of the pages the client renders (":id" is one path segment). */
export const CLIENT_ROUTE_PATTERNS = [
  '/',
  '/landing',
  '/login',
  '/auth',
  '/register',
  '/basic-register',
  '/journal',
  '/intentions',
  '/insights',
  '/guided-library',
  '/dream/:id',
  '/dreams/:id',
  '/profile',
  '/social-feed',
  '/shared-dream/:id',
  '/dream-symbols',
  '/my-symbols',
  '/admin',
  '/privacy',
  '/terms',
  '/support',
] as const;

export function isClientRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTE_PATTERNS.some((pattern) => {
    const a = pattern.split('/');
    const b = clean.split('/');
    return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
  });
}
