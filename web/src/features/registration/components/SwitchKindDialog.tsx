import { Modal } from 'antd';
import { zhCN } from '@/shared/locales/zh-CN';

export interface SwitchKindDialogProps {
  /** to is the tab's title asked to switch to, or null when closed. */
  to: string | null;
  onOk: () => void;
  onCancel: () => void;
}

/** SwitchKindDialog asks before a switch of the registration kind discards what was typed. */
export function SwitchKindDialog({ to, onOk, onCancel }: SwitchKindDialogProps) {
  const t = zhCN.registration.switchKind;
  return (
    <Modal open={to !== null} title={t.title} okText={t.ok} cancelText={t.cancel} onOk={onOk} onCancel={onCancel} destroyOnHidden data-testid="switch-kind-dialog">
      {to && t.content(to)}
    </Modal>
  );
}
