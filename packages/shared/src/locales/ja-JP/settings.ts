import type { Messages } from '../types.ts';

const settings: Messages['settings'] = {};
export default settings;
