import type { ReactNode } from 'react';
import { formatShortDate } from '@common/dream-text';
import type { PublicUser } from '@common/schemas/auth';

/** A cell that is a table cell from `sm` up and a labelled line on a phone (no sideways scroll). */
const CELL =
  'block py-0.5 pr-3 before:mr-2 before:text-slate-400 before:content-[attr(data-label)] sm:table-cell sm:py-2 sm:before:content-none';

/** Users as a table (Username, Email, Role, Joined, and Actions when given); rows stack on a phone. */
export function UserTable({
  users,
  role,
  actions,
}: {
  users: readonly PublicUser[];
  role: (user: PublicUser) => string;
  actions?: (user: PublicUser) => ReactNode;
}) {
  const headings = ['Username', 'Email', 'Role', 'Joined', ...(actions ? ['Actions'] : [])];
  return (
    <table className="w-full text-left text-sm">
      <thead className="hidden text-slate-400 sm:table-header-group">
        <tr>
          {headings.map((h) => (
            <th key={h} className="py-2 pr-3 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {users.map((u) => (
          <tr key={u.id} className="block border-t border-night-700 py-2 text-slate-200 sm:table-row sm:py-0">
            <td data-label="Username:" className={`${CELL} wrap-anywhere`}>
              {u.username}
            </td>
            <td data-label="Email:" className={`${CELL} wrap-anywhere`}>
              {u.email}
            </td>
            <td data-label="Role:" className={CELL}>
              {role(u)}
            </td>
            <td data-label="Joined:" className={`${CELL} sm:whitespace-nowrap`}>
              {formatShortDate(u.createdAt)}
            </td>
            {actions ? <td className="block py-1 sm:table-cell">{actions(u)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
