import { Alert, Form, Modal } from 'antd';
import type { Dayjs } from '@/shared/dates';
import { accountText } from '@/shared/locales/account';
import { editPerson, type PersonEditBody } from '../api/editPerson';
import { revealCertNum } from '../api/revealCertNum';
import type { PersonInfo } from '@/shared/api/types';
import { useEditSubmit } from './useEditSubmit';
import { validated } from '@/shared/hooks/validated';
import { editTestIds, PersonFields, personValues, validityText } from '@/shared/identity/IdentityFields';
import { normalizeCertNum } from '@/shared/identity/rules';

interface Values {
  name: string;
  certType: string;
  certNum: string;
  certStart: Dayjs | null;
  certEnd: Dayjs | null;
  longTerm: boolean;
  region: string[];
  detailAddr: string;
  personfrontId?: string;
  personbackId?: string;
}

/** AUTHENTICATED is the authState whose edit shows the ID photos (02 §5). */
const AUTHENTICATED = 1;

/**
 * PersonEditDialog edits the person's information with registration's fields (PersonFields).
 * Every field is sent; the server decides: the address changes at once, identity fields wait
 * for review (99). The certificate number is shown masked, so the field starts empty and is
 * sent only when typed (查看完整号码 fills it on demand, one logged reveal). An authenticated
 * person also replaces the ID photos here (02 §5), sent when changed, and the reviewer sees the
 * new ones. 取消 discards what was typed: the next opening starts from the stored values.
 */
export function PersonEditDialog({ info, open, onClose }: { info: PersonInfo; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { busy, run } = useEditSubmit(form, onClose, { province: 'region', city: 'region', area: 'region' });
  const photos = info.authState === AUTHENTICATED;

  async function submit() {
    const v = await validated(form);
    if (!v) return;
    const body: PersonEditBody = {
      name: v.name.trim(),
      certType: v.certType,
      ...validityText(v.certStart, v.certEnd, v.longTerm),
      province: v.region[0] ?? '',
      city: v.region[1] ?? '',
      area: v.region[2] ?? '',
      detailAddr: v.detailAddr.trim(),
    };
    if (v.certNum) body.certNum = normalizeCertNum(v.certNum);
    if (photos && v.personfrontId !== info.personfrontId) body.personfrontId = v.personfrontId ?? '';
    if (photos && v.personbackId !== info.personbackId) body.personbackId = v.personbackId ?? '';
    await run(() => editPerson(body));
  }

  return (
    <Modal open={open} title={accountText.edit.title} onCancel={onClose} onOk={() => void submit()} afterClose={() => form.resetFields()} confirmLoading={busy} width={640} destroyOnHidden forceRender>
      <Alert type="info" showIcon title={accountText.edit.direct} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        labelCol={{ span: 6 }}
        initialValues={{
          ...personValues(info),
          certNum: '',
          personfrontId: info.personfrontId,
          personbackId: info.personbackId,
        }}
        data-testid="person-edit-form"
      >
        <PersonFields testId={editTestIds} certNum={{ masked: info.certNum, reveal: () => revealCertNum('person') }} photos={photos} />
      </Form>
    </Modal>
  );
}
