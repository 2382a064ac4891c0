import { useComponentConfig } from 'antd/es/config-provider/context';
import { PlainTabs, type PlainTabsProps } from './PlainTabs';

export type CardTabsProps = Omit<PlainTabsProps, 'type' | 'className'> & { size: 'small' | 'large' };

/**
 * CardTabs is the tab bar antd's Card draws in its head for a tabList (Panel's `tabBar`, docs/decisions/frontend-load.md, "Front-end load"):
 * PlainTabs with the class Card gives its tabs. The panes are the card's body, as in a Card whose
 * tabs carry no children.
 */
export function CardTabs(props: CardTabsProps) {
  const { getPrefixCls } = useComponentConfig('card');
  return <PlainTabs {...props} className={`${getPrefixCls('card')}-head-tabs`} />;
}
