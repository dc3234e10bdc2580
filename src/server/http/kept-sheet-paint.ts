/**
 * Decision 033: the day sheet kept on her phone, painted before the admin chunk boots. The admin shell of
 * /admin/today (sent empty when the server does not render it: no session, or the worker's cached copy opened
 * without coverage) carries this small inline script after #root. It reads the sheet the Today feature keeps in
 * IndexedDB (idb-keyval's default store, keys 'day-sheet:{NZ date}', and 'day-sheet:session' while she is signed in)
 * and draws its lines (times, names, addresses, Navigate and phone links, 'Last updated') as plain DOM in its own
 * element before #root, hiding #root meanwhile (the entry may have drawn its loading state there already: IndexedDB
 * answers after the cached entry has run). The Today tab removes it (lib/kept-sheet-paint.ts) in the same frame
 * as React draws the sheet, so nothing flashes. No React, no module: it runs at parse time, ~2 kB.
 *
 * Care: text goes in with textContent only (never innerHTML of her clients' data); nothing is drawn without the
 * session key, which sign-out and an ended session delete with the sheets (forgetOfflineData); no health flag or alert
 * is drawn here (React shows them a moment later, as before). It is one fixed text: its sha256 is in the CSP
 * (security.ts), like the theme bootstrap's. Written in ES5 so that any browser that can install the app runs it.
 * The shell's entry waits for it (keptSheetFirstLoader): offline, the admin chunk's evaluation and first render would
 * otherwise run before IndexedDB's answer and hold the sheet back by a few hundred ms of a phone.
 * Its first date format waits for IndexedDB's answer, while public/intl-warm.js (started first) loads ICU's NZ data on
 * a worker's thread: the main thread does not spend a phone's ~150 ms on it before it can paint.
 */
import { ADMIN_APP_START_URL, DAY_SHEET_KEY_PREFIX, KEPT_SHEET_PAINT_ID } from '@shared/admin-app';
import { BUSINESS_TIME_ZONE } from '@shared/constants';
import { INTL_WARM_START } from './intl-warm';

const KEY = JSON.stringify(DAY_SHEET_KEY_PREFIX);
/** True while the painter waits for IndexedDB; the Today shell's loader holds the entry back meanwhile. */
export const KEPT_SHEET_PENDING_FLAG = '__hvKeptSheetPending';
/** Dispatched on document once the painter has drawn the sheet or found nothing to draw. */
export const KEPT_SHEET_SETTLED_EVENT = 'hv-kept-sheet-settled';
const PENDING_FLAG = KEPT_SHEET_PENDING_FLAG;
const EVENT = JSON.stringify(KEPT_SHEET_SETTLED_EVENT);
const ID = JSON.stringify(KEPT_SHEET_PAINT_ID);
const TZ = JSON.stringify(BUSINESS_TIME_ZONE);
const LINK =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The script's text, without its <script> tags. */
export const KEPT_SHEET_PAINT_SCRIPT = `(function(){
window.${PENDING_FLAG}=true;
function done(){window.${PENDING_FLAG}=false;document.dispatchEvent(new Event(${EVENT}))}
var root=document.getElementById("root");
if(!root||root.firstChild||location.pathname!==${JSON.stringify(ADMIN_APP_START_URL)}||!window.indexedDB)return done();
function parts(d,o){var r={};o.timeZone=${TZ};new Intl.DateTimeFormat("en-GB",o).formatToParts(d).forEach(function(p){r[p.type]=p.value});return r}
function dateOf(d){var p=parts(d,{year:"numeric",month:"2-digit",day:"2-digit"});return p.year+"-"+p.month+"-"+p.day}
function clock(iso){var p=parts(new Date(iso),{hour:"numeric",minute:"2-digit",hour12:true});return (+p.hour)+":"+p.minute+" "+String(p.dayPeriod).toUpperCase()}
function el(tag,cls,text,parent){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;if(parent)parent.appendChild(e);return e}
function link(href,text,parent){var a=el("a",${JSON.stringify(LINK)},text,parent);a.href=href;return a}
${INTL_WARM_START}
var today;
var open;
try{open=indexedDB.open("keyval-store")}catch(e){return done()}
open.onupgradeneeded=function(){open.result.createObjectStore("keyval")};
open.onerror=done;
open.onsuccess=function(){
var db=open.result,sheet,session;
today=dateOf(new Date());
try{var store=db.transaction("keyval").objectStore("keyval");
var a=store.get(${KEY}+today),b=store.get(${KEY}+"session");
a.onsuccess=function(){sheet=a.result};b.onsuccess=function(){session=b.result};
store.transaction.onerror=function(){db.close();done()};
store.transaction.oncomplete=function(){db.close();try{if(sheet&&session&&sheet.visits)paint(sheet)}finally{done()}}}catch(e){db.close();done()}
};
function paint(sheet){
if(window.__hvKeptSheetDone||document.getElementById(${ID}))return;
var box=el("section","mx-auto max-w-2xl space-y-4 px-4 py-6");box.id=${ID};box.setAttribute("aria-label","Today");
var h=el("h2","text-xl font-semibold","Today",box);
var at=new Date(sheet.generatedAt);
var d=parts(new Date(),{weekday:"long",day:"numeric",month:"long",year:"numeric"});
el("span","block text-sm font-normal text-muted-foreground",d.weekday+", "+d.month+" "+d.day+", "+d.year,h);
var meta=el("p","flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground",null,box);
meta.setAttribute("data-testid","sheet-meta");
var n=sheet.visits.length;
el("span","font-medium text-foreground",n+" "+(n===1?"visit":"visits")+" \\u00b7 "+Number(sheet.totalKm).toFixed(1)+" km",meta);
var same=dateOf(at)===today,w=parts(at,{weekday:"short",day:"numeric",month:"short"});
el("span",null,"Last updated "+(same?"":w.weekday+" "+w.day+" "+w.month+", ")+clock(sheet.generatedAt),meta);
el("span","font-medium text-amber-800 dark:text-amber-200","Kept on this phone",meta);
var list=el("ol","space-y-2",null,box);list.setAttribute("aria-label","Visits in route order");
sheet.visits.forEach(function(v){
var card=el("article","rounded-lg border bg-card p-4 text-card-foreground shadow-xs",null,el("li",null,null,list));
card.setAttribute("data-kept-visit","");
el("p","text-sm font-semibold text-primary",clock(v.startsAt)+" \\u2013 "+clock(v.endsAt),card);
el("h3","mt-1 text-lg font-semibold [overflow-wrap:anywhere]",v.clientName,card);
el("p","text-sm text-muted-foreground",v.service+", "+v.durationMinutes+" min",card);
el("p","mt-2 text-sm [overflow-wrap:anywhere]",v.address,card);
var links=el("div","mt-3 flex flex-wrap gap-2",null,card);
link("https://www.google.com/maps/dir/?api=1&destination="+encodeURIComponent(v.address),"Navigate",links).target="_blank";
var ph=String(v.phone).trim();link("tel:"+(ph.charAt(0)==="+"?"+":"")+ph.replace(/\\D/g,""),v.phone,links);
});
root.hidden=true;
root.parentNode.insertBefore(box,root);
}
})();`;
