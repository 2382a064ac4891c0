import { Typography } from 'antd';

/**
 * CopyText is a table cell's text with antd's copy button: the recipient, or the code in bold code
 * style. A part of its own so that OutboxPage fetches it beside the page (docs/decisions/frontend-load.md, "Front-end load"): Typography's
 * copy button brings antd's Tooltip, and Typography its editing TextArea (about 14 KiB gzip).
 */
export function CopyText({ children, code }: { children: string; code?: boolean }) {
  return code ? (
    <Typography.Text strong copyable code>
      {children}
    </Typography.Text>
  ) : (
    <Typography.Text copyable>{children}</Typography.Text>
  );
}
