// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import type { CSSObject } from '@ant-design/cssinjs';
import { genFocusOutline, resetComponent, textEllipsis } from 'antd/es/style';
import genHorizontalStyle from 'antd/es/steps/style/horizontal';
import genIconStyle from 'antd/es/steps/style/icon';
import genLabelPlacementStyle from 'antd/es/steps/style/label-placement';
import genStatusStyle from 'antd/es/steps/style/status';
import genVerticalStyle from 'antd/es/steps/style/vertical';
import type { StepsToken } from 'antd/es/steps/style';
import { genStyleHooks, mergeToken, type GetDefaultToken } from 'antd/es/theme/internal';
import { genCssVar } from 'antd/es/theme/util/genStyleUtils';

/**
 * usePlainStepsStyle is antd's steps style hook (antd/es/steps/style) with only the parts that
 * draw what PlainSteps renders (docs/decisions/frontend-load.md, "Front-end load"): the basic, icon, horizontal, vertical, title placement
 * and status rules, the very generators antd's hook calls, in its order. Left out are the small
 * size, dots, navigation, panel, inline, max count, progress and right-to-left rules, about 3 KiB
 * gzip on the wizards' first load. Its styles are registered under a path of their own
 * ('Steps-Plain'), so that a page that also shows antd's Steps still gets antd's whole stylesheet;
 * the component tokens and their CSS variables are antd's Steps' own.
 */
export const usePlainStepsStyle = genStyleHooks(
  ['Steps', 'Plain'],
  (token) => {
    const stepsToken = mergeToken<StepsToken>(token, { inlineDotSize: 6 });
    return [genBasicStyle(stepsToken), genIconStyle(stepsToken), genVerticalStyle(stepsToken), genHorizontalStyle(stepsToken), genLabelPlacementStyle(stepsToken), genStatusStyle(stepsToken)];
  },
  prepareComponentToken(),
);

/** genBasicStyle is antd's (antd/es/steps/style/index.js), which the module does not export. */
function genBasicStyle(token: StepsToken): CSSObject {
  const { componentCls, antCls } = token;
  const itemCls = `${componentCls}-item`;
  const [varName, varRef] = genCssVar(antCls, 'cmp-steps');
  return {
    [componentCls]: {
      [varName('title-font-size')]: token.fontSizeLG,
      [varName('title-line-height')]: token.lineHeightLG,
      [varName('subtitle-font-size')]: token.fontSize,
      [varName('subtitle-line-height')]: token.lineHeight,
      [varName('item-wrapper-padding-top')]: '0px',
      [varName('rail-size')]: token.lineWidth,
      [varName('rail-line-style')]: token.lineType,
      ...resetComponent(token),
      display: 'flex',
      flexWrap: 'nowrap',
      alignItems: 'flex-start',
      [itemCls]: { flex: 'none', position: 'relative' },
      [`${itemCls}-wrapper`]: { display: 'flex', flexWrap: 'nowrap', paddingTop: varRef('item-wrapper-padding-top') },
      [`${itemCls}-header`]: { display: 'flex', flexWrap: 'nowrap', alignItems: 'center' },
      [`${itemCls}-title`]: { color: token.colorText, fontSize: varRef('title-font-size'), lineHeight: varRef('title-line-height'), wordBreak: 'break-word' },
      [`${itemCls}-subtitle`]: {
        color: token.colorTextDescription,
        fontWeight: 400,
        fontSize: varRef('subtitle-font-size'),
        lineHeight: varRef('subtitle-line-height'),
        marginInlineStart: token.marginXS,
        wordBreak: 'break-word',
      },
      [`${itemCls}-content`]: { color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: token.lineHeight, wordBreak: 'break-word' },
      [`${itemCls}-rail`]: { borderStyle: varRef('rail-line-style'), borderWidth: 0 },
      [`${itemCls}-title, ${itemCls}-subtitle, ${itemCls}-content, ${itemCls}-rail`]: { transition: `all ${token.motionDurationSlow}` },
      [`&${componentCls}-ellipsis`]: { [`${itemCls}-title, ${itemCls}-subtitle, ${itemCls}-content`]: textEllipsis },
      [`${itemCls}[role='button']:focus-visible`]: genFocusOutline(token),
      [`${itemCls}[role='button']:not(${itemCls}-active):hover`]: { cursor: 'pointer' },
    },
  };
}

/** prepareComponentToken is antd's for Steps (antd/es/steps/style/index.js): imported, it would bring that module's whole hook. */
function prepareComponentToken(): GetDefaultToken<'Steps'> {
  return (token) => ({
    titleLineHeight: token.controlHeight,
    customIconSize: token.controlHeight,
    customIconTop: 0,
    customIconFontSize: token.controlHeightSM,
    iconSize: token.controlHeight,
    iconTop: -0.5,
    iconFontSize: token.fontSize,
    iconSizeSM: token.fontSizeHeading3,
    dotSize: token.controlHeight / 4,
    dotCurrentSize: token.controlHeightLG / 4,
    navArrowColor: token.colorTextDisabled,
    navContentMaxWidth: 'unset',
    descriptionMaxWidth: undefined,
    waitIconColor: token.wireframe ? token.colorTextDisabled : token.colorTextLabel,
    waitIconBgColor: token.wireframe ? token.colorBgContainer : token.colorFillContent,
    waitIconBorderColor: token.wireframe ? token.colorTextDisabled : 'transparent',
    finishIconBgColor: token.wireframe ? token.colorBgContainer : token.controlItemBgActive,
    finishIconBorderColor: token.wireframe ? token.colorPrimary : token.controlItemBgActive,
  });
}
