// "Dark mode": a pressed/unpressed button in the top bar; the choice is stored (lib/theme.ts).
import { MoonIcon } from '#web/components/ui/icons.tsx';
import { setTheme, useTheme } from '#web/lib/theme.ts';
import { cn } from '#web/utils/cn.ts';

export function ThemeToggle({ className }: { className?: string }) {
  const dark = useTheme() === 'dark';
  return (
    <button
      type="button"
      aria-label="Dark mode"
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-ink/5 aria-pressed:text-brand-700',
        className,
      )}
    >
      <MoonIcon className={cn(dark && 'fill-current')} />
    </button>
  );
}
