/* global document */
// The ceiling for the portal's first screen: React 19 alone rendering a heading and a sign-in form,
// no design system, router or data layer. Plain createElement so the server's TypeScript project
// (no DOM, no JSX) is left alone.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

function SignIn() {
  return h(
    'form',
    { 'aria-labelledby': 'heading', onSubmit: (event) => event.preventDefault() },
    h('h1', { id: 'heading' }, 'Sign in'),
    h('p', null, 'Use your account name and password.'),
    h('label', { htmlFor: 'account' }, 'Account'),
    h('input', { id: 'account', name: 'account', autoComplete: 'username' }),
    h('label', { htmlFor: 'password' }, 'Password'),
    h('input', { id: 'password', name: 'password', type: 'password', autoComplete: 'current-password' }),
    h('button', { type: 'submit' }, 'Sign in'),
  );
}

createRoot(document.getElementById('root')).render(h(SignIn));
