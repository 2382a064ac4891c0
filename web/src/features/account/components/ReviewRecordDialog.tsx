import { Modal } from 'antd';
import { accountText } from '@/shared/locales/account';
import { OperationRecordTable } from './OperationRecordTable';

/** ReviewRecordDialog shows the operation record table in a dialog (the 审核记录 button). */
export function ReviewRecordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title={accountText.actions.reviewRecord} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <OperationRecordTable />
    </Modal>
  );
}
