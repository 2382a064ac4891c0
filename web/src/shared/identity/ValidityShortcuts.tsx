import { Button, Flex, type FormInstance } from 'antd';
import type { Dayjs } from '../dates';
import type { NamePath } from './formRules';
import { zhCN } from '../locales/zh-CN';

const t = zhCN.registration;

/**
 * ValidityShortcuts are the +5/+10/+20年 buttons under a certificate's validity (01 §5, 02 §5):
 * each sets the end date that many years after the start, unticking 长期; without a start they
 * say so on the start field. One copy for the registration step and the person edit dialog.
 */
export function ValidityShortcuts({ form, start, end, longTerm, disabled, onSet }: {
  form: FormInstance;
  start: NamePath;
  end: NamePath;
  longTerm: NamePath;
  disabled?: boolean;
  onSet?: () => void;
}) {
  function plusYears(n: number) {
    const s = form.getFieldValue(start) as Dayjs | undefined | null;
    if (!s) {
      form.setFields([{ name: start, errors: [t.rules.certStart] }]);
      return;
    }
    form.setFieldValue(end, s.add(n, 'year'));
    form.setFieldValue(longTerm, false);
    onSet?.();
    void form.validateFields([end]);
  }
  return (
    <Flex gap={8} style={{ marginTop: 8 }}>
      {[5, 10, 20].map((n) => (
        <Button key={n} size="small" disabled={disabled} onClick={() => plusYears(n)}>
          {t.person.plusYears(n)}
        </Button>
      ))}
    </Flex>
  );
}
