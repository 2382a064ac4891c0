import { Table } from 'antd';
import type { ReviewChange } from '@/shared/api/types';
import { adminText as t } from '../strings';
import styles from './admin.module.css';
import { StaffImage } from './StaffImage';
import { PlainText } from '@/shared/components/PlainTypography';
import { VisuallyHidden } from '@/shared/components/VisuallyHidden';

/** changeValue is a text value as a reviewer reads it: the name of a code (居民身份证, not 1), else the value, else —. */
export function changeValue(value: string, name?: string): string {
  return name || value || '—';
}

/**
 * ChangeTable shows a change request: one row per changed field with its Chinese name, the value
 * now and the value asked for. Photos stand side by side and open at full size; each is loaded
 * through the logged staff download. `waiting` says the item is still undecided: afterwards the
 * first value is what the field held before the change, no longer its current value.
 */
export function ChangeTable({ changes, waiting }: { changes: ReviewChange[]; waiting: boolean }) {
  // The requested value is in bold: it is what the reviewer approves.
  const cell = (c: ReviewChange, value: string, name: string | undefined, which: string, strong = false) => {
    if (c.kind !== 'photo') return <PlainText strong={strong}>{changeValue(value, name)}</PlainText>;
    if (!value) return t.detail.noPhoto;
    return (
      <div className={styles.photoBox}>
        <StaffImage id={value} alt={`${c.label}（${which}）`} />
      </div>
    );
  };
  const before = waiting ? t.detail.changeCurrent : t.detail.changeBefore;
  return (
    <div data-testid="change-table">
      <Table<ReviewChange>
        caption={<VisuallyHidden>{t.captions.changes}</VisuallyHidden>}
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={changes}
        locale={{ emptyText: t.detail.noChanges }}
        columns={[
          { title: t.detail.changeField, dataIndex: 'label', width: 160 },
          { title: before, key: 'current', render: (_, c) => cell(c, c.current, c.currentName, before) },
          {
            title: t.detail.changeRequested,
            key: 'requested',
            render: (_, c) => cell(c, c.requested, c.requestedName, t.detail.changeRequested, true),
          },
        ]}
      />
    </div>
  );
}
