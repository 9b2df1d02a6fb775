import { randomBytes } from 'node:crypto';
import { ApiClient } from './app';

let counter = 0;

export interface UserInput {
  username: string;
  email: string;
  password: string;
}

export function buildUserInput(overrides: Partial<UserInput> = {}): UserInput {
  counter += 1;
  const tag = `${counter}${randomBytes(3).toString('hex')}`;
  return { username: `dreamer_${tag}`, email: `dreamer_${tag}@example.test`, password: 'moonlight-42', ...overrides };
}

export interface SignedInUser {
  client: ApiClient;
  user: { id: number; username: string; email: string; isAdmin: boolean; isSuperAdmin: boolean };
  input: UserInput;
}

/** Registers an account through the API and returns a client signed in as it. */
export async function signUp(baseUrl: string, overrides: Partial<UserInput> = {}): Promise<SignedInUser> {
  const input = buildUserInput(overrides);
  const client = new ApiClient(baseUrl);
  const res = await client.post<SignedInUser['user']>('/api/auth/register', input);
  if (res.status !== 201) throw new Error(`signUp failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.body, input };
}
