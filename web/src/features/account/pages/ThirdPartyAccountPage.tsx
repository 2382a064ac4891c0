import { AlipayCircleOutlined, QqOutlined, WechatOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { PlainList, PlainListItem, PlainListMeta } from '@/shared/components/PlainList';
import { accountText } from '@/shared/locales/account';
import { PlainTag } from '@/shared/components/PlainTag';

/** ThirdPartyAccountPage lists WeChat, QQ and Alipay as disabled entries (docs/spec/DECISIONS.md: 暂未开放). */
export default function ThirdPartyAccountPage() {
  const t = accountText.thirdParty;
  const items = [
    { key: 'wechat', name: t.wechat, icon: <WechatOutlined style={{ fontSize: 28, color: '#07c160' }} /> },
    { key: 'qq', name: t.qq, icon: <QqOutlined style={{ fontSize: 28, color: '#12b7f5' }} /> },
    { key: 'alipay', name: t.alipay, icon: <AlipayCircleOutlined style={{ fontSize: 28, color: '#1677ff' }} /> },
  ];
  return (
    <Panel title={t.title}>
      <PlainList
        dataSource={items}
        renderItem={(it) => (
          <PlainListItem actions={[<Button key="b" disabled>{t.bind}</Button>]}>
            <PlainListMeta avatar={it.icon} title={it.name} description={<PlainTag>{t.closed}</PlainTag>} />
          </PlainListItem>
        )}
      />
    </Panel>
  );
}
