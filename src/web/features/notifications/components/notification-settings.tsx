// The member's mail settings for notifications (My Profile, #notification-settings: the link
// every notification mail carries). Each box is saved as it is changed.
import { useId, useState } from 'react';
import type { NotificationSettings as Settings } from '#shared/schemas/notification.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { NOTIFICATION_SETTINGS_ID } from '#web/config/paths.ts';
import { toast } from '#web/lib/toast.tsx';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings.ts';
import { SETTING_TEXTS } from './setting-texts.ts';

const OPTIONS = (['emailOnComment', 'emailOnReply'] as const).map((key) => ({ key, ...SETTING_TEXTS[key] }));

export function NotificationSettings() {
  const headingId = useId();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  // The box turns as it is clicked: the cache's optimistic value reaches React a task later, and a
  // controlled box would spring back until then. Once the change settles the saved value rules.
  const [changing, setChanging] = useState<Partial<Settings>>({});

  return (
    <section id={NOTIFICATION_SETTINGS_ID} aria-labelledby={headingId} className="card space-y-4 px-5 py-6">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        Email notifications
      </h2>
      {settings.isPending ? (
        <PageLoader label="Loading your settings…" />
      ) : settings.isError ? (
        <p role="alert" className="text-danger-700">
          Could not load your settings: {settings.error.message}
        </p>
      ) : (
        // One change at a time, but the boxes are not `disabled` while it is saved: a disabled box
        // loses the focus (Chromium drops it on the page), and the keyboard user would start over.
        <fieldset aria-busy={update.isPending || undefined} className="space-y-3">
          <legend className="sr-only">Email notifications</legend>
          {OPTIONS.map(({ key, label, hint }) => (
            <SettingCheckbox
              key={key}
              label={label}
              hint={hint}
              checked={changing[key] ?? settings.data[key]}
              busy={update.isPending}
              onChange={(checked) => {
                if (update.isPending) return;
                setChanging({ [key]: checked });
                update.mutate(
                  { [key]: checked },
                  {
                    onSuccess: () => toast.success('Notification settings saved.'),
                    onError: (error) => toast.error(error.message),
                    onSettled: () => setChanging({}),
                  },
                );
              }}
            />
          ))}
        </fieldset>
      )}
    </section>
  );
}

function SettingCheckbox({
  label,
  hint,
  checked,
  busy,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  busy: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-disabled={busy || undefined}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 shrink-0 accent-brand-600"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}
