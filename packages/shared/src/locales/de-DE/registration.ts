import type { Messages } from '../types.ts';

const registration: Messages['registration'] = {};
export default registration;
