// The entry: the stylesheets, and the app (boot.tsx) in a chunk of its own. A page the server
// rendered (ADR 0015) is already whole when its HTML and CSS are in, so there the app is fetched
// and run only after that first paint, and does not hold it back; any other page starts it now.
import 'react-toastify/ReactToastify.css';
import './styles.css';
import { FIRST_VIEW_DATA_ID } from '#shared/first-view.ts';

const start = () => {
  import('./boot.tsx').catch((error: unknown) => {
    console.error('The app could not be loaded', error);
  });
};

if (document.getElementById(FIRST_VIEW_DATA_ID)) requestAnimationFrame(() => setTimeout(start, 0));
else start();
