/**
 * The few antd icons the light controls draw, from @ant-design/icons-svg (the outlines antd's own
 * icon components draw, MIT) without the icon component and its runtime (docs/decisions/frontend-load.md, "Front-end load").
 */
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import styles from './light.module.css';

function svg(def: IconDefinition) {
  const icon = typeof def.icon === 'function' ? def.icon('currentColor', 'none') : def.icon;
  return function Icon() {
    return (
      <svg className={styles.icon} viewBox={icon.attrs.viewBox} aria-hidden="true" focusable="false">
        {(icon.children ?? []).map((c, i) => (
          <path key={i} d={c.attrs.d} />
        ))}
      </svg>
    );
  };
}

export const CloseCircleIcon = svg(CloseCircleFilled);
export const UserIcon = svg(UserOutlined);
export const LockIcon = svg(LockOutlined);
export const SafetyIcon = svg(SafetyOutlined);
export const EyeIcon = svg(EyeOutlined);
export const EyeInvisibleIcon = svg(EyeInvisibleOutlined);
