import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '@common/messages';
import type { PublicUser } from '@common/schemas/auth';
import { profileFormSchema, type ProfileForm } from '@common/schemas/users';
import { Button } from '@app/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@app/components/ui/dialog';
import { Field } from '@app/components/ui/field';
import { Input } from '@app/components/ui/input';
import { ApiError } from '@app/lib/api-client';
import { toast } from '@app/lib/toast-store';
import { useUpdateProfile } from '../api';

const FIELDS = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password (optional)', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
] as const;

/** Edit Profile: username, email, current password (required), optional new password and its confirmation. */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: PublicUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateProfile();
  const saved: ProfileForm = {
    username: user.username,
    email: user.email,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
  const form = useForm<ProfileForm>({ resolver: zodResolver(profileFormSchema), defaultValues: saved });
  const { errors } = form.formState;

  // Reopening starts from the saved details, never from an abandoned draft.
  useEffect(() => {
    if (open)
      form.reset({
        username: user.username,
        email: user.email,
        currentPassword: '',
        newPassword: '',
        confirmPassword: '',
      });
  }, [open, user.username, user.email, form]);

  const onSubmit = form.handleSubmit(({ username, email, currentPassword, newPassword }) => {
    update.mutate(
      { username, email, currentPassword, ...(newPassword ? { newPassword } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Profile updated', description: 'Your profile has been saved.' });
          onOpenChange(false);
        },
        onError: (err) => {
          const said = err instanceof ApiError ? err.serverMessage : undefined;
          if (said === MSG.currentPasswordWrong) form.setError('currentPassword', { message: said });
          else if (said === MSG.usernameTaken) form.setError('username', { message: said });
          else if (said === MSG.emailTaken) form.setError('email', { message: said });
          toast({
            title: MSG.profileErrorTitle,
            description: said ?? MSG.profileErrorText,
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Edit Profile</DialogTitle>
        <DialogDescription>
          Change your username, email or password. Your current password confirms it is you.
        </DialogDescription>
        <form className="mt-4 grid gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
          {FIELDS.map((f) => (
            <Field key={f.name} id={`profile-${f.name}`} label={f.label} error={errors[f.name]?.message}>
              {(control) => (
                <Input {...control} type={f.type} autoComplete={f.autoComplete} {...form.register(f.name)} />
              )}
            </Field>
          ))}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
