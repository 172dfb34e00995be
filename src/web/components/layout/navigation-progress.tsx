import { useNavigation } from 'react-router';

/** A thin bar at the top of the window while the next page (or its code) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100">
      <div className="h-full w-2/5 animate-progress bg-brand-600" />
    </div>
  );
}
