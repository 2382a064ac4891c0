import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Space } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import { accountText } from '@/shared/locales/account';
import { Opened, usePreloadWhenIdle } from '@/shared/components/lazyPart';
import { useCommonConfig } from '@/shared/refdata/refdata';
import { AccountNameCell } from '../components/AccountNameCell';
import { AuthTag } from '../components/AuthTag';
import { BlobImage } from '../components/BlobImage';
import { CertNumText } from '../components/CertNumText';
import { labelOf, maskPhone } from '../components/format';
import { PersonEditDialog, RenameDialog, ReviewRecordDialog } from '../components/lazyDialogs';
import { useRoutedEdit } from '../components/routedDialog';
import { accountQueries } from '../api/queries';

/** Labels keep one line: the spec's labels are short, and wrapped ones read badly. */
const labelStyles = { label: { width: 130, whiteSpace: 'nowrap' as const } };

/** EssentialInformationPage is the person basic information page (02 §2). */
export default function EssentialInformationPage() {
  const t = accountText;
  const q = useQuery(accountQueries.person());
  const config = useCommonConfig();
  const [dialog, setDialog] = useState<'rename' | 'records' | null>(null);
  // The edit dialog lives in the address (?dialog=edit), so /accountCenter/personal/editEssentialInformation opens it.
  const p = q.data;
  const edit = useRoutedEdit(p?.authState);
  usePreloadWhenIdle(PersonEditDialog, RenameDialog, ReviewRecordDialog);
  if (!p) return <Panel loading />;
  return (
    <Panel
      title={t.titles.basicInfo}
      extra={
        <Space>
          <Button onClick={() => setDialog('records')}>{t.actions.reviewRecord}</Button>
          <Button type="primary" onClick={edit.show} disabled={p.authState === 99} title={p.authState === 99 ? t.edit.verifying : undefined} data-testid="edit-button">
            {t.actions.edit}
          </Button>
        </Space>
      }
    >
      <Descriptions column={2} bordered size="middle" styles={labelStyles}>
        <Descriptions.Item label={t.fields.account}>
          <AccountNameCell account={p.account} renamed={p.renamed} onRename={() => setDialog('rename')} />
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.authStatus}>
          <AuthTag state={p.authState} />
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.phone}>{maskPhone(p.phone)}</Descriptions.Item>
        <Descriptions.Item label={t.fields.name}>
          <span data-testid="person-name">{p.name || '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.certType}>{labelOf(config.data?.certificatesType, p.certType) || '-'}</Descriptions.Item>
        <Descriptions.Item label={t.fields.certNum}>
          <CertNumText masked={p.certNum} which="person" />
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.certValidity}>
          {p.certStart ? `${p.certStart} 至 ${p.certValid ? t.fields.longTerm : p.certEnd}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.area}>{p.areaName || '-'}</Descriptions.Item>
        <Descriptions.Item label={t.fields.detailAddr} span={2}>
          <span data-testid="person-address">{p.detailAddr || '-'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t.titles.photos} span={2}>
          <Space size="large">
            <div>
              <BlobImage id={p.personfrontId} alt={t.fields.front} />
              <div style={{ textAlign: 'center' }}>{t.fields.front}</div>
            </div>
            <div>
              <BlobImage id={p.personbackId} alt={t.fields.back} />
              <div style={{ textAlign: 'center' }}>{t.fields.back}</div>
            </div>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Opened open={edit.open}>
        <PersonEditDialog info={p} open={edit.open} onClose={edit.close} />
      </Opened>
      <Opened open={dialog === 'rename'}>
        <RenameDialog open={dialog === 'rename'} onClose={() => setDialog(null)} />
      </Opened>
      <Opened open={dialog === 'records'}>
        <ReviewRecordDialog open={dialog === 'records'} onClose={() => setDialog(null)} />
      </Opened>
    </Panel>
  );
}
