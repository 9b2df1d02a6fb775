import { Pencil, ShieldPlus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { MSG } from '@common/messages';
import type { PublicUser } from '@common/schemas/auth';
import { LoadError } from '@app/components/load-error';
import { Button } from '@app/components/ui/button';
import { CheckField } from '@app/components/ui/check-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@app/components/ui/dialog';
import { Input } from '@app/components/ui/input';
import { Card, Label, Spinner } from '@app/components/ui/misc';
import { Tooltip } from '@app/components/ui/tooltip';
import { describeError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useAdminUsers, useDeleteUser, useUpdateUser } from '../api';
import { UserTable } from './user-table';

const ConfirmDialog = lazy(async () => ({ default: (await import('@app/components/ui/alert-dialog')).ConfirmDialog }));

export function roleLabel(user: Pick<PublicUser, 'isAdmin' | 'isSuperAdmin'>): string {
  return user.isSuperAdmin ? 'Super Admin' : user.isAdmin ? 'Admin' : 'User';
}

const updated = () => toast({ title: 'User updated', description: 'User has been updated successfully' });
const updateFailed = (err: unknown) =>
  toast({
    title: 'Failed to update user',
    description: describeError(err, 'Please try again.'),
    variant: 'destructive',
  });

/** User Management: search, a page of users, Edit, Make Admin and delete (spec part 2 §2, §6). */
export function UsersTab({ me }: { me: PublicUser }) {
  const searchId = useId();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsers(q.trim(), page, true);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const [promoting, setPromoting] = useState<PublicUser | null>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);

  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1.5 sm:max-w-sm">
        <Label htmlFor={searchId}>Search users</Label>
        <Input
          id={searchId}
          type="search"
          placeholder="Username or email"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {users.isPending ? (
        <Spinner label="Loading users" />
      ) : users.isError ? (
        <LoadError
          title="Failed to fetch users"
          error={users.error}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : users.data.users.length === 0 ? (
        <p className="text-sm text-slate-300">No users found</p>
      ) : (
        <>
          <UserTable
            users={users.data.users}
            role={roleLabel}
            actions={(u) => {
              const deleteBlocked = u.isSuperAdmin
                ? MSG.superAdminNotDeletable
                : u.id === me.id
                  ? MSG.cannotDeleteSelf
                  : null;
              return (
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setEditing(u)} aria-label={`Edit ${u.username}`}>
                    <Pencil aria-hidden /> Edit
                  </Button>
                  {u.isAdmin || u.isSuperAdmin ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setPromoting(u)}
                      aria-label={`Make ${u.username} an admin`}
                    >
                      <ShieldPlus aria-hidden /> Make Admin
                    </Button>
                  )}
                  {deleteBlocked ? (
                    <Tooltip content={deleteBlocked}>
                      {/* A disabled button gets no pointer events: the span carries the tooltip. */}
                      <span
                        tabIndex={0}
                        className="inline-flex rounded-lg"
                        aria-label={`Delete ${u.username}: ${deleteBlocked}`}
                      >
                        <Button variant="ghost" size="icon" disabled aria-hidden tabIndex={-1}>
                          <Trash2 />
                        </Button>
                      </span>
                    </Tooltip>
                  ) : (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-300"
                      aria-label={`Delete ${u.username}`}
                      onClick={() => setDeleting(u)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                </div>
              );
            }}
          />
          {users.data.totalPages > 1 ? (
            <div className="flex items-center justify-between gap-2 text-sm text-slate-300">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span>
                Page {users.data.page} of {users.data.totalPages} ({users.data.total} users)
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= users.data.totalPages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </div>
          ) : null}
        </>
      )}
      {editing ? <EditUserDialog user={editing} me={me} onClose={() => setEditing(null)} /> : null}
      <Suspense fallback={null}>
        {promoting ? (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setPromoting(null)}
            title="Make admin?"
            description={`Make ${promoting.username} an admin? This will grant them full control over all users and data.`}
            confirmLabel="Make Admin"
            pending={update.isPending}
            onConfirm={() =>
              update.mutate(
                { id: promoting.id, body: { isAdmin: true } },
                {
                  onSuccess: () => {
                    updated();
                    setPromoting(null);
                  },
                  onError: updateFailed,
                },
              )
            }
          />
        ) : null}
        {deleting ? (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setDeleting(null)}
            title={`Delete ${deleting.username}?`}
            description={MSG.deleteUserConfirm}
            confirmLabel="Delete"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  toast({ title: 'User deleted', description: 'User has been deleted successfully' });
                  setDeleting(null);
                },
                onError: (err) =>
                  toast({
                    title: 'Failed to delete user',
                    description: describeError(err, 'Please try again.'),
                    variant: 'destructive',
                  }),
              })
            }
          />
        ) : null}
      </Suspense>
    </Card>
  );
}

function EditUserDialog({ user, me, onClose }: { user: PublicUser; me: PublicUser; onClose: () => void }) {
  const id = useId();
  const update = useUpdateUser();
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin || user.isSuperAdmin);
  const [isSuperAdmin, setIsSuperAdmin] = useState(user.isSuperAdmin);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Edit User</DialogTitle>
        <DialogDescription>Change {user.username}’s details and access.</DialogDescription>
        <form
          className="mt-4 grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate(
              {
                id: user.id,
                body: {
                  username,
                  email,
                  ...(user.isSuperAdmin ? {} : { isAdmin }),
                  // Sent by the super admin only (spec part 2 §6); the server strips it for anyone else.
                  ...(me.isSuperAdmin && !user.isSuperAdmin && isSuperAdmin ? { isSuperAdmin: true } : {}),
                },
              },
              {
                onSuccess: () => {
                  updated();
                  onClose();
                },
                onError: updateFailed,
              },
            );
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-username`}>Username</Label>
            <Input id={`${id}-username`} value={username} onChange={(e) => setUsername(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <CheckField
            asSwitch
            labelFirst
            label="Administrator Access"
            checked={isAdmin}
            disabled={user.isSuperAdmin}
            onCheckedChange={setIsAdmin}
          />
          {user.isSuperAdmin ? <p className="text-sm text-amber-200">Super Admin (Cannot be modified)</p> : null}
          {me.isSuperAdmin && !user.isSuperAdmin ? (
            <CheckField
              asSwitch
              labelFirst
              label="Make Super Admin (you stay an admin)"
              checked={isSuperAdmin}
              onCheckedChange={setIsSuperAdmin}
            />
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
