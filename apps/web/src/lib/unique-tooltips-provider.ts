import { Tooltip } from 'antd';

/** antd's provider of unique tooltips, through its public name: a module of its own, so that the
 *  stand-in of unique-tooltips-on-use.tsx loads it, with the popup machinery, only when drawn. */
export default Tooltip.UniqueProvider;
