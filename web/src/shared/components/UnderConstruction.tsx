import { ToolOutlined } from '@ant-design/icons';
import { Panel } from '@/shared/components/Panel';
import type { ReactNode } from 'react';
import { zhCN } from '../locales/zh-CN';
import { PlainResult } from './PlainResult';

export interface UnderConstructionProps {
  /** The part of the product the page belongs to (zhCN.areas.*). */
  area: string;
  /** The page's name (zhCN.pages.*). */
  page: string;
  /** Extra content, e.g. links to the routes below a frame. */
  children?: ReactNode;
}

/**
 * UnderConstruction is what a page shows until its feature is built: 功能建设中,
 * and which part of the product it belongs to. Each placeholder page renders it;
 * the issue that builds the page replaces the placeholder file.
 */
export function UnderConstruction({ area, page, children }: UnderConstructionProps) {
  return (
    <Panel variant="borderless" data-testid="under-construction">
      <PlainResult
        icon={<ToolOutlined style={{ color: '#1f5fbf' }} />}
        title={zhCN.underConstruction.title}
        subTitle={zhCN.underConstruction.subtitle(area, page)}
        extra={children}
      />
    </Panel>
  );
}
