import { Space } from 'antd';
import { operatorText } from '@/shared/locales/operators';
import type { OperatorLink, Side } from '../api/types';
import { PlainTag } from '@/shared/components/PlainTag';
import { PlainText } from '@/shared/components/PlainTypography';

const colors: Record<string, string> = { A0: 'orange', A1: 'green', A2: 'red', A3: 'default', A4: 'default' };

/**
 * StateTag shows a link's state: 待处理 with who sent it, 已绑定, or for a bound link out of
 * its period 未生效 / 已过期 (an expired link counts as not bound), and the history states.
 */
export function StateTag({ side, row }: { side: Side; row: Pick<OperatorLink, 'state' | 'handleType' | 'period'> }) {
  const t = operatorText;
  if (row.state === 'A1' && row.period && row.period !== 'active') {
    return (
      <PlainTag color={row.period === 'expired' ? 'default' : 'blue'} data-testid="link-state">
        {t.periods[row.period]}
      </PlainTag>
    );
  }
  return (
    <Space orientation="vertical" size={2}>
      <PlainTag color={colors[row.state] ?? 'default'} data-testid="link-state">
        {t.states[row.state] ?? row.state}
      </PlainTag>
      {row.state === 'A0' && (
        <PlainText type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {t.pending[side][row.handleType]}
        </PlainText>
      )}
    </Space>
  );
}

const trustColors: Record<number, string> = { 1: 'green', 99: 'blue', 2: 'red' };

/** TrustTag is the other party's trust level badge (authState). */
export function TrustTag({ authState }: { authState: number }) {
  return <PlainTag color={trustColors[authState] ?? 'default'}>{operatorText.trust[authState] ?? operatorText.trust[0]}</PlainTag>;
}
