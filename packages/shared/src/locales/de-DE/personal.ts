import type { Messages } from '../types.ts';

const personal: Messages['personal'] = {};
export default personal;
