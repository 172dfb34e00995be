import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext } from 'react-router';

/**
 * A thin bar at the top of the window while the next page (or its code) loads, under a
 * data router. The app runs the declarative router (app/declarative-routes.tsx), where a
 * page still loading shows its own loader instead: there the bar never shows.
 */
export function NavigationProgress() {
  // Not useNavigation(): it throws outside a data router.
  const state = useContext(UNSAFE_DataRouterStateContext)?.navigation.state ?? 'idle';
  if (state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100">
      <div className="h-full w-2/5 animate-progress bg-brand-600" />
    </div>
  );
}
