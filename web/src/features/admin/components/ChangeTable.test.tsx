import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewChange } from '@/shared/api/types';
import { ChangeTable, changeValue } from './ChangeTable';

const rows: ReviewChange[] = [
  { key: 'name', label: '企业名称', kind: 'text', current: '福建省路桥建设有限公司', requested: '福建省路桥集团有限公司' },
  { key: 'certType', label: '证件类型', kind: 'text', current: '1', requested: '2', currentName: '统一社会信用代码', requestedName: '其他有效证件' },
  { key: 'legalCertType', label: '法定代表人证件类型', kind: 'text', current: '1', requested: '', currentName: '居民身份证' },
];

/** cells returns the text of each row's cells, header excluded. */
function cells(): string[][] {
  return within(screen.getByTestId('change-table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent ?? ''));
}

describe('ChangeTable', () => {
  it('shows each changed field by its Chinese name with names, not codes', () => {
    render(<ChangeTable changes={rows} waiting />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['字段', '当前值', '申请修改为']);
    expect(cells()).toEqual([
      ['企业名称', '福建省路桥建设有限公司', '福建省路桥集团有限公司'],
      ['证件类型', '统一社会信用代码', '其他有效证件'],
      ['法定代表人证件类型', '居民身份证', '—'],
    ]);
  });

  it('calls the first value 修改前 once the item is decided', () => {
    render(<ChangeTable changes={rows.slice(0, 1)} waiting={false} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['字段', '修改前', '申请修改为']);
  });

  it('shows 暂无 for a photo that was not there before', () => {
    render(<ChangeTable changes={[{ key: 'licenseId', label: '营业执照', kind: 'photo', current: '', requested: '' }]} waiting />);
    expect(cells()).toEqual([['营业执照', '暂无', '暂无']]);
  });

  it('falls back from the name to the value to —', () => {
    expect(changeValue('1', '居民身份证')).toBe('居民身份证');
    expect(changeValue('X9')).toBe('X9');
    expect(changeValue('')).toBe('—');
  });
});
