import type { Messages } from '../types.ts';

const web: Messages['web'] = {};
export default web;
