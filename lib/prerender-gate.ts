// The one inline script of index.html. The build writes the landing's HTML, as a French visitor
// first sees it, into index.html (web/vite.config.ts), which is also the page every app route
// gets. Before anything paints, this script removes that HTML unless the page is the landing of
// a visitor who has kept neither a session (Amplify's `CognitoIdentityServiceProvider.*` keys)
// nor English as their language (they see the app's loading screen instead, as before). It then
// starts the app's scripts, listed by the build in `<meta name="revise-scripts">` (the entry
// first, then its modulepreloads): at once on any other page. On the prerendered landing, which
// already works as a page (its links are links, its buttons are remembered), the scripts are only
// downloaded once the browser has reported the hero's first contentful paint (into the HTTP cache,
// not evaluated, with those of `<meta name="revise-prefetch">`: the login dialog's and the
// sections below the hero; and `/config.json`, kept for the app), and the app starts on the
// visitor's first sign of intent: a press, a touch, a key, a focus, a pointer moving over the
// page, a wheel or a scroll (at once after that paint when the address asks the app for
// something: a query or a hash). A phone's main thread then stays free while the page loads, and
// the app's start-up is paid once the visitor acts. A call to action (sign-up, Premium, login)
// answers at once without the app: it opens the login and sign-up dialog the build wrote, hidden,
// after the landing (web/src/auth/PrerenderedAuthDialog.tsx), and the app starts after that frame
// is painted; the visitor types in it while the app starts, and the app's own dialog takes over
// with what was typed (web/src/auth/prerendered-dialog.ts). Any other button of the prerendered
// HTML pressed before the app takes over is remembered, and the app presses its own once rendered
// (web/src/main.tsx), so no tap is lost on a slow phone. The cloud's Content-Security-Policy
// allows exactly this script by its hash (lib/web.ts); no other inline script runs.
import { createHash } from 'node:crypto';

export const SCRIPTS_META = 'revise-scripts';
export const PREFETCH_META = 'revise-prefetch';

/** What starts the app on the prerendered landing (the visitor acting on the page). */
export const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];

export const PRERENDER_GATE_SCRIPT =
  "(function(){var d=document,w=window,r=d.getElementById('root'),pa=d.getElementById('pre-auth'),keep=false,acts={};" +
  "try{var s=localStorage,k=[];for(var i=0;i<s.length;i++)k.push(s.key(i));" +
  "keep=location.pathname==='/'&&s.getItem('language')!=='en'&&!k.some(function(x){return x.indexOf('CognitoIdentityServiceProvider.')===0})}catch(e){}" +
  "if(!keep){r.replaceChildren();if(pa)pa.remove();pa=null}" +
  "var name=function(b){return(b.getAttribute('aria-label')||b.textContent||'').trim()};" +
  // The call to action `t` is (or is in), while the prerendered dialog answers it: its action.
  "function act(t){t=t&&t.closest&&t.closest('button');if(!t||!pa||!t.closest('[data-pre]'))return null;var n=name(t);return Object.prototype.hasOwnProperty.call(acts,n)?acts[n]:null}" +
  // A button pressed before the app has taken over is remembered (the app presses it again), and
  // kept from the app's own listeners on the root while it hydrates (no double press); a call to
  // action opens the prerendered dialog instead (or the app's, once the app listens for it).
  // Parts the app hydrates later (`data-late`: the sections below the hero, whose chunk may still be
  // on its way) keep their mark until they are hydrated. The press is kept as the button's name
  // and its position among the buttons of that name (two say 'Créer mon compte gratuit').
  "if(keep){try{acts=JSON.parse(pa.getAttribute('data-actions'))||{}}catch(e){}" +
  "var z=[].slice.call(r.children).concat([].slice.call(r.querySelectorAll('[data-late]')));for(var j=0;j<z.length;j++)z[j].setAttribute('data-pre','');" +
  "r.addEventListener('click',function(ev){var t=ev.target&&ev.target.closest&&ev.target.closest('button');" +
  "if(!t||!t.closest('[data-pre]'))return;ev.preventDefault();ev.stopImmediatePropagation();" +
  "var a=act(t);if(a){if(w.__reviseAuthOpen)w.__reviseAuthOpen(a);else openAuth(a,t);return}" +
  "var n=name(t),b=r.querySelectorAll('button'),at=0;for(var i=0;i<b.length&&b[i]!==t;i++)if(name(b[i])===n)at++;w.__revisePressed={label:n,index:at}},true)}" +
  // The prerendered dialog (web/src/auth/PrerenderedAuthDialog.tsx): laid out from the start but
  // invisible (not seen, hit, focused nor read), so that opening it only paints it; opened at once,
  // the page behind inert; sign-up and login switch in place; a submit is kept for the app
  // (web/src/auth/prerendered-dialog.ts hands it all over to the app's dialog).
  "if(pa){var f=pa.querySelector('form'),sb=f.querySelector('[type=submit]'),ov='';pa.style.visibility='hidden';pa.hidden=false;" +
  "var first=function(){var q=pa.querySelectorAll('input'),v=[];for(var i=0;i<q.length;i++)if(q[i].offsetParent)v.push(q[i]);" +
  "for(i=0;i<v.length;i++)if(!v[i].value)return v[i].focus();if(v[0])v[0].focus()};" +
  "var mode=function(m){var st=w.__revisePreAuth;st.mode=m;st.submit=false;sb.disabled=false;" +
  "var q=pa.querySelectorAll('[data-for]');for(var i=0;i<q.length;i++){var on=q[i].getAttribute('data-for')===m;q[i].hidden=!on;q[i].style.display=on?'':'none'}" +
  "q=pa.querySelectorAll('[data-'+m+']');for(i=0;i<q.length;i++)q[i].textContent=q[i].getAttribute('data-'+m);" +
  "d.getElementById('pre-auth-password').autocomplete=m==='login'?'current-password':'new-password'};" +
  "var openAuth=function(a,t){w.__revisePreAuth={action:a,mode:'signup',opener:t};mode(a==='login'?'login':'signup');" +
  "pa.style.visibility='';r.inert=true;ov=d.body.style.overflow;d.body.style.overflow='hidden';first();start()};" +
  "var close=function(){var st=w.__revisePreAuth;pa.style.visibility='hidden';r.inert=false;d.body.style.overflow=ov;w.__revisePreAuth=null;if(st&&st.opener)st.opener.focus()};" +
  "pa.addEventListener('click',function(ev){var b=ev.target.closest&&ev.target.closest('button'),st=w.__revisePreAuth;if(!b||!st)return;" +
  "if(b.hasAttribute('data-close'))return close();var g=b.getAttribute('data-go');if(g==='forgot')st.forgot=true;else if(g){mode(g);first()}});" +
  "pa.addEventListener('mousedown',function(ev){if(ev.target===pa.firstElementChild)close()});" +
  "pa.addEventListener('keydown',function(ev){if(ev.key==='Escape'){ev.preventDefault();close()}});" +
  "f.addEventListener('submit',function(ev){ev.preventDefault();var st=w.__revisePreAuth;if(!st)return;st.submit=true;sb.disabled=true;sb.textContent=sb.getAttribute('data-pending')})}" +
  `var m=d.querySelector('meta[name="${SCRIPTS_META}"]');if(!m)return;var l=m.content.split(' '),loaded=false;` +
  "function link(rel,href){var p=d.createElement('link');p.rel=rel;p.crossOrigin='';p.href=href;d.head.appendChild(p)}" +
  "function load(){if(loaded)return;loaded=true;for(var i=1;i<l.length;i++)link('modulepreload',l[i]);" +
  "var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=l[0];d.head.appendChild(e)}" +
  "if(!keep)return load();" +
  // The prerendered landing: the app starts on the first sign of intent (once), after the next
  // frame (what the visitor's act shows, the dialog say, is painted before the app's start-up
  // runs); a press or touch on a call to action waits for its click, which opens the dialog
  // first. At once after the first paint when the address asks the app for something (a
  // referral code, a verification link, a sign-in coming back, a hash).
  "var asked=location.search!==''||location.hash!=='';" +
  `var ev=${JSON.stringify(INTENT_EVENTS).replace(/"/g, "'")},o={capture:true,passive:true},started=false;` +
  "function intent(e){if(!act(e.target))start()}" +
  "function start(){if(started)return;started=true;for(var i=0;i<ev.length;i++)w.removeEventListener(ev[i],intent,o);" +
  "requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000)}" +
  "for(var i=0;i<ev.length;i++)w.addEventListener(ev[i],intent,o);" +
  // Its scripts download once the browser reports the first contentful paint (the hero is on
  // screen), or after 3 s whatever happens (a browser without paint timing, a hidden tab).
  // The runtime configuration is read then too (web/src/config.ts takes it from `__reviseConfig`).
  `var fetched=false;function prefetch(){if(fetched||started)return;fetched=true;var x=d.querySelector('meta[name="${PREFETCH_META}"]'),a=l.concat(x&&x.content?x.content.split(' '):[]);` +
  "w.__reviseConfig=fetch('/config.json',{cache:'no-store',headers:{Accept:'application/json'}}).then(function(r){return r.ok?r.json():null}).catch(function(){return null});" +
  "for(var i=0;i<a.length;i++)link('prefetch',a[i])}function go(){setTimeout(asked?start:prefetch,0)}" +
  "try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true})}" +
  "catch(e){requestAnimationFrame(go)}setTimeout(go,3000)})()";

/** The CSP source allowing the gate (`'sha256-…'`). */
export const PRERENDER_GATE_CSP = `'sha256-${createHash('sha256').update(PRERENDER_GATE_SCRIPT).digest('base64')}'`;
