import { Cascader } from 'antd';

/**
 * ListedCascader is antd's Cascader whose open menus sit in an element with the id its input's
 * aria-owns names. antd's select input says aria-owns="<id>_list" while open, a list only the Select
 * draws; the Cascader draws menus without that id, so axe found a reference to nothing
 * (docs/accessibility.md, "Exceptions"). Its form id comes from Form.Item like any control's.
 * It is typed as Cascader itself, whose props are a union by `multiple` it passes on untouched.
 */
const ListedCascader = ((props: { id?: string }) => (
  <Cascader {...props} popupRender={(menus) => (props.id ? <div id={`${props.id}_list`}>{menus}</div> : menus)} />
)) as typeof Cascader;

export default ListedCascader;
