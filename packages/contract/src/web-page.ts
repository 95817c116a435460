/**
 * The one inline script of the web app's page, in the `<head>` of the prerendered guest screens
 * (ADR 0011). Those pages carry the screen itself in their HTML, so it is drawn before any
 * JavaScript has loaded; this script
 *
 * - marks <html> with `data-session` when a session is stored (the token key of
 *   apps/web/src/lib/session-storage.ts), before the first paint: the page's CSS then hides the
 *   sign-in card from a signed-in visitor and shows the logo until the app takes over;
 * - starts the app once the screen has been painted: it adds the entry module and the
 *   modulepreloads listed in its own `data-modules` attribute (entry first) after the first frame
 *   following DOMContentLoaded, at once in a hidden tab (no frames there), and after a second at
 *   the latest. Painting first keeps the app's script evaluation and hydration from holding up
 *   the screen the HTML already has.
 *
 * The server's CSP allows exactly this text by its SHA-256 (apps/server/src/http/response-headers.ts)
 * and the web build writes it (apps/web/src/prerender.tsx): both read it from here, so they cannot
 * drift. It must stay a literal: the hash is of these characters.
 */
export const PAGE_BOOT_SCRIPT = [
  '(function(){',
  'var d=document,s=d.currentScript,m=s&&s.getAttribute("data-modules"),started=0;',
  'try{localStorage.getItem("rally.token")&&d.documentElement.setAttribute("data-session","")}catch(e){}',
  'function start(){',
  'if(started||!m)return;started=1;',
  'm.split(" ").forEach(function(u,i){',
  'var e=d.createElement(i?"link":"script");',
  'if(i){e.rel="modulepreload";e.href=u}else{e.type="module";e.src=u}',
  'e.crossOrigin="";d.head.appendChild(e)',
  '})',
  '}',
  'function afterPaint(){requestAnimationFrame(function(){setTimeout(start)})}',
  'if(d.visibilityState==="hidden")start();',
  'else if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",afterPaint);',
  'else afterPaint();',
  'setTimeout(start,1000)',
  '})()',
].join('');
