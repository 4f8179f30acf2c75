/**
 * The one inline script of the prerendered screens before sign-in (the web build writes it into their
 * <head>; the server's Content-Security-Policy names it by its SHA-256, so no other inline script
 * runs). It makes every control the page draws work, or visibly wait, from the first paint until
 * React has taken the page over (apps/web/src/start.tsx):
 * - a tab switches its panel at once (every panel is in the markup, hidden);
 * - a radio that chooses what shows (`data-shown-when="<name>:<value>"` on the choices) does too;
 * - a form's submit and any other button's press are held, shown pressed (`data-held`), and handed to
 *   the app, which sends or presses them again once it runs.
 * It also starts fetching the app's code once the whole document is parsed and painted: the preloads
 * it lists in `<template data-after-paint>` go into the head then. (The entry, apps/web/src/main.tsx,
 * or DOMContentLoaded, which waits for it, would start them one round trip later, once the entry has
 * itself arrived.)
 * Plain ES5 in a string, so that the bytes the build writes are the bytes the policy hashes.
 */
export const EARLY_INPUT_SCRIPT = `(function(){
var d=document,tab=null,held=null,press=null;
function mark(b){if(b){b.setAttribute('data-held','');b.setAttribute('aria-busy','true');}}
function unmark(b){if(b){b.removeAttribute('data-held');b.removeAttribute('aria-busy');}}
function onClick(e){
var t=e.target.closest&&e.target.closest('[role="tab"][aria-controls]');
if(t){
e.preventDefault();e.stopImmediatePropagation();
var list=t.closest('[role="tablist"]');
if(list)list.querySelectorAll('[role="tab"]').forEach(function(o){
var on=o===t,panel=d.getElementById(o.getAttribute('aria-controls'));
o.setAttribute('aria-selected',on?'true':'false');o.tabIndex=on?0:-1;if(panel)panel.hidden=!on;});
tab=t;return;}
var b=e.target.closest&&e.target.closest('button:not([type="submit"])');
if(b){e.preventDefault();e.stopImmediatePropagation();unmark(press);press=b;mark(b);}
}
function onChange(e){
var r=e.target;if(r.type!=='radio'||!r.name)return;
d.querySelectorAll('[data-shown-when^="'+r.name+':"]').forEach(function(el){
el.hidden=el.getAttribute('data-shown-when')!==r.name+':'+r.value;});
}
function onSubmit(e){
e.preventDefault();e.stopImmediatePropagation();
var f=e.target,s=e.submitter||f.querySelector('[type="submit"]');
if(held)unmark(held.button);held={form:f,submitter:e.submitter||null,button:s};mark(s);
}
d.addEventListener('click',onClick,true);d.addEventListener('change',onChange,true);d.addEventListener('submit',onSubmit,true);
d.addEventListener('readystatechange',function(){if(d.readyState==='interactive')requestAnimationFrame(function(){setTimeout(function(){
var later=d.querySelector('template[data-after-paint]');if(later)d.head.appendChild(later.content);});});});
window.__portalEarlyInput=function(){
d.removeEventListener('click',onClick,true);d.removeEventListener('change',onChange,true);d.removeEventListener('submit',onSubmit,true);
if(held)unmark(held.button);unmark(press);
return{tab:tab,press:press,form:held&&held.form,submitter:held&&held.submitter};
};
})();`;
