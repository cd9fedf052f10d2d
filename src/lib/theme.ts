// The light theme (docs/PRODUCT.md#overview): dark is the default; the header's theme buttons
// switch to light and back, remembered by the browser. A display preference, not account data:
// it lives in localStorage, never on the server, so the prerendered pages stay prerendered.
//
// One small inline script in <head> (src/app/layout.tsx) applies the stored choice before the first
// paint (no flash of the other theme) and handles the buttons' clicks for the whole page, so the
// buttons work before React has hydrated the header and need no client component. The palette is
// in src/app/globals.css under html[data-theme="light"].

/** The localStorage key and its value for the light theme; any other value means dark. */
export const THEME_STORAGE_KEY = "theme";
/** `<button data-theme-set="light">` switches to light, `"dark"` back; CSS shows the one that applies. */
export const THEME_BUTTON_ATTRIBUTE = "data-theme-set";

/**
 * The inline script. After a switch the button pressed is hidden (CSS shows only the one that
 * switches away from the current theme), so focus moves to the one now shown. Its text must stay
 * byte for byte what THEME_SCRIPT_SHA256 hashes: dynamic pages allow it by that hash (src/lib/csp.ts);
 * prerendered pages by the build's hashes of their HTML. tests/unit/theme.test.ts checks the hash.
 */
export const THEME_SCRIPT =
  '(function(){var d=document.documentElement;try{if(localStorage.getItem("theme")==="light")d.dataset.theme="light"}catch(e){}' +
  'document.addEventListener("click",function(e){var t=e.target;var b=t instanceof Element?t.closest("[data-theme-set]"):null;if(!b)return;' +
  'var v=b.getAttribute("data-theme-set")==="light"?"light":"dark";if(v==="light")d.dataset.theme="light";else delete d.dataset.theme;' +
  'try{localStorage.setItem("theme",v)}catch(e){}' +
  'var o=document.querySelector("[data-theme-set]:not([data-theme-set=\\""+v+"\\"])");if(o)o.focus()})})()';

/** `sha256-…` of THEME_SCRIPT, as a CSP hash source. */
export const THEME_SCRIPT_SHA256 = "sha256-BMA3FEJV06O2O7AtduIcEqeoXLSPKeHvh0VeEEC81jk=";
