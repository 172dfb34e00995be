// Runs before the first paint (a plain script in <head>, allowed by the CSP as our own file):
// the member's stored choice, or else the system's preference, so no page flashes the wrong
// theme. The "Dark mode" button in the top bar changes and stores the choice.
/* global window, document */
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch {
    // Storage may be refused (private windows): follow the system.
  }
  if (theme !== 'dark' && theme !== 'light') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.dataset.theme = theme;
})();
