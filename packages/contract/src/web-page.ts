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

/** Where the signed-in boot script leaves the reads it started: `window[EARLY_READS_KEY]`. */
export const EARLY_READS_KEY = 'rallyEarlyReads';

/**
 * The reads the signed-in boot script starts, by page: what the page's first render asks the API
 * for, exactly as the app's client writes each URL (path and query in its order), so the client
 * can take each answer instead of asking again (apps/web/src/lib/early-reads.ts). `{id}` is the
 * team of the path. Literals, as is the script's API version: this module stays free of imports
 * (the web app's entry reads EARLY_READS_KEY from it), and apps/web/src/app/early-reads.test.ts
 * checks both against the client's own requests.
 */
export const EARLY_READS = {
  // Every signed-in page has the notification bell: its badge's count is read with the page's.
  teams: [
    'user/subscription',
    'user/teams',
    'user/teams/deleted',
    'user/team/invitations/pending?page=1',
    'user/notifications/recent-notifications-count',
  ],
  timeline: [
    'user/subscription',
    'user/teams?team_id={id}',
    'user/team/{id}/timeline?page=1&per_page=10',
    'user/team/{id}/members',
    'buzzes',
    'user/teams',
    // The first steps' answer (ADR 0032): a new engagement's owner sees the card above the feed,
    // and the feed waits for it (no shift); for everyone else one small read the app leaves.
    'user/team/{id}/profile',
    'user/notifications/recent-notifications-count',
  ],
} as const;

/**
 * The inline script of index.html, the page of every path that is not a prerendered guest screen
 * (ADR 0035). For a guest (no stored session: the token key of apps/web/src/lib/session-storage.ts)
 * it preloads the sign-in screen's chunks, listed in its `data-guest` attribute (a guest who
 * opened a private path is sent there). For a visitor with a stored session on a page a user
 * opens on — the engagements list (`/`, `/engagements`) or a team's timeline (`/engagements/{id}`,
 * `…/timeline`, and the same under `/teams/`) — it starts, while the app's code is still
 * downloading,
 *
 * - the page's chunks: `<link rel="modulepreload">` for each URL of its own `data-teams` or
 *   `data-timeline` attribute (written by the web build: frame, layout and page, beyond what the
 *   entry preloads), which the app would otherwise ask for only once its entry had run;
 * - the page's API reads (EARLY_READS), with the headers of the app's client, left as promises of
 *   their responses in `window[EARLY_READS_KEY]` with the token they were made with. The client
 *   takes each one once, for the same URL and token, and asks again itself when it failed.
 *
 * The server's CSP allows exactly this text by its SHA-256 (apps/server/src/http/response-headers.ts),
 * beside PAGE_BOOT_SCRIPT's; the web build writes it into index.html (apps/web/vite.config.ts).
 */
export const SIGNED_IN_BOOT_SCRIPT = [
  '(function(){',
  'var d=document,s=d.currentScript,t;',
  'try{t=localStorage.getItem("rally.token")}catch(e){}',
  'function pre(l){(l||"").split(" ").forEach(function(u){',
  'if(!u)return;',
  'var e=d.createElement("link");e.rel="modulepreload";e.href=u;e.crossOrigin="";d.head.appendChild(e)',
  '})}',
  'if(!s)return;',
  'if(!t)return pre(s.getAttribute("data-guest"));',
  'if(!window.fetch)return;',
  'var p=location.pathname.replace(/\\/+$/,""),',
  'm=/^\\/(?:engagements|teams)\\/(\\d+)(?:\\/timeline)?$/.exec(p),',
  'k=m?"timeline":p===""||p==="/engagements"?"teams":"",',
  `r=${JSON.stringify(EARLY_READS)}[k],`,
  'h={Accept:"application/json","Accept-version":"1.3",Authorization:"Bearer "+t},',
  'a={token:t,reads:{}};',
  'if(!r)return;',
  'pre(s.getAttribute("data-"+k));',
  'r.forEach(function(u){',
  'u="/api/"+u.replace("{id}",m&&m[1]);',
  'a.reads[u]=fetch(u,{headers:h})',
  '});',
  `window.${EARLY_READS_KEY}=a`,
  '})()',
].join('');
