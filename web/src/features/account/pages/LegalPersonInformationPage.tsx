import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Space } from 'antd';
import { Panel } from '@/shared/components/Panel';
import { useState } from 'react';
import { accountText } from '@/shared/locales/account';
import { Opened, usePreloadWhenIdle } from '@/shared/components/lazyPart';
import { useCommonConfig } from '@/shared/refdata/refdata';
import { AccountNameCell } from '../components/AccountNameCell';
import { BlobImage } from '../components/BlobImage';
import { CertNumText } from '../components/CertNumText';
import { labelOf, maskPhone } from '../components/format';
import { EnterpriseEditDialog, LicenseDialog, RenameDialog, ReviewRecordDialog } from '../components/lazyDialogs';
import { useRoutedEdit } from '../components/routedDialog';
import { AuthTag } from '../components/AuthTag';
import { accountQueries } from '../api/queries';

/** Labels keep one line: the spec's labels are short, and wrapped ones read badly. */
const labelStyles = { label: { width: 130, whiteSpace: 'nowrap' as const } };

/** LegalPersonInformationPage is the enterprise basic information page (02 §2): three sections and five dialogs. */
export default function LegalPersonInformationPage() {
  const t = accountText;
  const q = useQuery(accountQueries.enterprise());
  const config = useCommonConfig();
  const [dialog, setDialog] = useState<'rename' | 'records' | null>(null);
  const [lic, setLic] = useState<'license' | 'photos' | null>(null);
  // The edit dialog lives in the address (?dialog=edit), so /accountCenter/legalPerson/editLegalPersonInformation opens it.
  const d = q.data;
  const edit = useRoutedEdit(d?.authState);
  usePreloadWhenIdle(EnterpriseEditDialog, LicenseDialog, RenameDialog, ReviewRecordDialog);
  if (!d) return <Panel loading />;
  const e = d.enterpriseVO;
  const verifying = d.authState === 99;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Panel
        title={t.titles.basicInfo}
        extra={
          <Space>
            <Button onClick={() => setDialog('records')}>{t.actions.reviewRecord}</Button>
            <Button onClick={() => setLic('license')} disabled={verifying} data-testid="license-button">
              {t.actions.licenseChange}
            </Button>
            <Button onClick={() => setLic('photos')} disabled={verifying}>
              {t.actions.photoChange}
            </Button>
            <Button type="primary" onClick={edit.show} disabled={verifying} data-testid="edit-button">
              {t.actions.edit}
            </Button>
          </Space>
        }
      >
        <Descriptions column={2} bordered styles={labelStyles}>
          <Descriptions.Item label={t.fields.account}>
            <AccountNameCell account={e.account} renamed={e.renamed} onRename={() => setDialog('rename')} />
          </Descriptions.Item>
          <Descriptions.Item label={t.fields.authStatus}>
            <AuthTag state={d.authState} />
          </Descriptions.Item>
          <Descriptions.Item label={t.fields.entName}>{e.name || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.fields.entType}>{labelOf(config.data?.enterpriseType, e.type) || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.fields.certType}>{labelOf(config.data?.enterpriseCertificatesType, e.certType) || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.fields.certNum}>
            <CertNumText masked={e.certNum} which="enterprise" />
          </Descriptions.Item>
          <Descriptions.Item label={t.fields.area}>{e.areaName || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.fields.detailAddr}>{e.detailAddr || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.fields.industry}>{e.industryName || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.fields.capital}>
            {e.capital ? `${e.capital} ${labelOf(config.data?.registeredCapital, e.capitalUnit)}（${labelOf(config.data?.currency, e.capitalCurrency)}）` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t.fields.license} span={2}>
            <BlobImage id={e.licenseState} alt={t.fields.license} />
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel title={t.titles.legal}>
        <Descriptions column={2} bordered styles={labelStyles}>
          <Descriptions.Item label={t.fields.name}>{d.legalPersonVO.name || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.fields.certType}>{labelOf(config.data?.certificatesType, d.legalPersonVO.certType) || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.fields.certNum} span={2}>
            <CertNumText masked={d.legalPersonVO.certNum} which="legal" />
          </Descriptions.Item>
          <Descriptions.Item label={t.titles.photos} span={2}>
            <Space size="large">
              <BlobImage id={d.legalPersonVO.personFrontId} alt={t.fields.front} />
              <BlobImage id={d.legalPersonVO.personBackId} alt={t.fields.back} />
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel title={t.titles.contact}>
        <Descriptions column={2} bordered styles={labelStyles}>
          <Descriptions.Item label={t.fields.contactName}>{d.contactVO.name || '-'}</Descriptions.Item>
          <Descriptions.Item label={t.fields.contactPhone}>{maskPhone(d.contactVO.phone) || '-'}</Descriptions.Item>
        </Descriptions>
      </Panel>
      <Opened open={edit.open}>
        <EnterpriseEditDialog info={d} open={edit.open} onClose={edit.close} />
      </Opened>
      <Opened open={dialog === 'rename'}>
        <RenameDialog open={dialog === 'rename'} onClose={() => setDialog(null)} />
      </Opened>
      <Opened open={dialog === 'records'}>
        <ReviewRecordDialog open={dialog === 'records'} onClose={() => setDialog(null)} />
      </Opened>
      <Opened open={lic !== null}>
        <LicenseDialog mode={lic} onClose={() => setLic(null)} />
      </Opened>
    </Space>
  );
}
