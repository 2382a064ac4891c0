// antd's own modules, deep: the same ones `antd` resolves to in the bundle (its ES build).
import { unit, type CSSObject } from '@ant-design/cssinjs';
import { genFocusOutline, genFocusStyle, resetComponent } from 'antd/es/style';
import type { TabsToken } from 'antd/es/tabs/style';
import { genStyleHooks, mergeToken, type GetDefaultToken } from 'antd/es/theme/internal';

/**
 * usePlainTabsStyle is antd's tabs style hook (antd/es/tabs/style) with only the rules that draw
 * what PlainTabs renders (docs/decisions/frontend-load.md, "Front-end load"): line and card tabs on top, of the three sizes, with the ink
 * bar and the extra content. The rules are antd's, copied from its generators (the module exports
 * none of them but the hook, and importing anything from it brings the whole hook), in its order,
 * each rule as antd writes it. Left out are the bottom, left and right positions, the 更多 dropdown
 * and its slide motions, the add and remove buttons, centred tabs, the panes' switch motion and
 * the right-to-left rules, about 2 KiB gzip on the registration wizards' first load. Its styles are
 * registered under a path of their own ('Tabs-Plain'), so that a page that also shows antd's Tabs
 * still gets antd's whole stylesheet; the component tokens and their CSS variables are antd's Tabs' own.
 */
/** Tokens antd's theme computes (antd/es/theme/util/alias.js) that its type declarations leave out. */
interface Untyped {
  fontHeight: number;
  fontHeightLG: number;
  boxShadowTabsOverflowLeft: string;
  boxShadowTabsOverflowRight: string;
}

export const usePlainTabsStyle = genStyleHooks(
  ['Tabs', 'Plain'],
  (token) => {
    const tabsToken = mergeToken<TabsToken>(token, {
      tabsCardPadding: token.cardPadding,
      tabsHorizontalItemMargin: `0 0 0 ${unit(token.horizontalItemGutter)}`,
    });
    return [genSizeStyle(tabsToken), genPositionStyle(tabsToken as TabsToken & Untyped), genCardStyle(tabsToken), genTabsStyle(tabsToken)];
  },
  prepareComponentToken(),
);

/** antd's genSizeStyle: the small and large tabs, line and card (top). */
function genSizeStyle(token: TabsToken): CSSObject {
  const { componentCls, cardPaddingSM, cardPaddingLG, horizontalItemPaddingSM, horizontalItemPaddingLG } = token;
  return {
    [componentCls]: {
      '&-small': { [`> ${componentCls}-nav`]: { [`${componentCls}-tab`]: { padding: horizontalItemPaddingSM, fontSize: token.titleFontSizeSM } } },
      '&-large': { [`> ${componentCls}-nav`]: { [`${componentCls}-tab`]: { padding: horizontalItemPaddingLG, fontSize: token.titleFontSizeLG, lineHeight: token.lineHeightLG } } },
    },
    [`${componentCls}-card`]: {
      [`&${componentCls}-small`]: {
        [`> ${componentCls}-nav`]: { [`${componentCls}-tab`]: { padding: cardPaddingSM } },
        [`&${componentCls}-top`]: { [`> ${componentCls}-nav ${componentCls}-tab`]: { borderRadius: `${unit(token.borderRadius)} ${unit(token.borderRadius)} 0 0` } },
      },
      [`&${componentCls}-large`]: { [`> ${componentCls}-nav`]: { [`${componentCls}-tab`]: { padding: cardPaddingLG } } },
    },
  };
}

/** antd's genPositionStyle: the top position (the nav's line, the ink bar, the overflow shadows). */
function genPositionStyle(token: TabsToken & Untyped): CSSObject {
  const { componentCls, colorBorderSecondary, horizontalMargin, motionDurationSlow } = token;
  return {
    [`${componentCls}-top, ${componentCls}-bottom`]: {
      flexDirection: 'column',
      [`> ${componentCls}-nav, > div > ${componentCls}-nav`]: {
        margin: horizontalMargin,
        '&::before': {
          position: 'absolute',
          right: { _skip_check_: true, value: 0 },
          left: { _skip_check_: true, value: 0 },
          borderBottom: `${unit(token.lineWidth)} ${token.lineType} ${colorBorderSecondary}`,
          content: "''",
        },
        [`${componentCls}-ink-bar`]: {
          height: token.lineWidthBold,
          '&-animated': { transition: ['width', 'left', 'right'].map((prop) => `${prop} ${motionDurationSlow}`).join(', ') },
        },
        [`${componentCls}-nav-wrap`]: {
          '&::before, &::after': { top: 0, bottom: 0, width: token.controlHeight },
          '&::before': { left: { _skip_check_: true, value: 0 }, boxShadow: token.boxShadowTabsOverflowLeft },
          '&::after': { right: { _skip_check_: true, value: 0 }, boxShadow: token.boxShadowTabsOverflowRight },
          [`&${componentCls}-nav-wrap-ping-left::before`]: { opacity: 1 },
          [`&${componentCls}-nav-wrap-ping-right::after`]: { opacity: 1 },
        },
      },
    },
    [`${componentCls}-top`]: {
      [`> ${componentCls}-nav,
        > div > ${componentCls}-nav`]: {
        '&::before': { bottom: 0 },
        [`${componentCls}-ink-bar`]: { bottom: 0 },
      },
    },
  };
}

/** antd's genCardStyle: card tabs on top. */
function genCardStyle(token: TabsToken): CSSObject {
  const { componentCls, tabsCardPadding, cardBg, cardGutter, colorBorderSecondary, itemSelectedColor } = token;
  return {
    [`${componentCls}-card`]: {
      [`> ${componentCls}-nav, > div > ${componentCls}-nav`]: {
        [`${componentCls}-tab`]: {
          margin: 0,
          padding: tabsCardPadding,
          background: cardBg,
          border: `${unit(token.lineWidth)} ${token.lineType} ${colorBorderSecondary}`,
          transition: `all ${token.motionDurationSlow} ${token.motionEaseInOut}`,
        },
        [`${componentCls}-tab-active`]: { color: itemSelectedColor, background: token.colorBgContainer },
        [`${componentCls}-tab-focus:has(${componentCls}-tab-btn:focus-visible)`]: genFocusOutline(token, -3),
        [`& ${componentCls}-tab${componentCls}-tab-focus ${componentCls}-tab-btn:focus-visible`]: { outline: 'none' },
        [`${componentCls}-ink-bar`]: { visibility: 'hidden' },
      },
      [`&${componentCls}-top, &${componentCls}-bottom`]: {
        [`> ${componentCls}-nav, > div > ${componentCls}-nav`]: {
          [`${componentCls}-tab + ${componentCls}-tab`]: { marginLeft: { _skip_check_: true, value: unit(cardGutter) } },
        },
      },
      [`&${componentCls}-top`]: {
        [`> ${componentCls}-nav, > div > ${componentCls}-nav`]: {
          [`${componentCls}-tab`]: { borderRadius: `${unit(token.borderRadiusLG)} ${unit(token.borderRadiusLG)} 0 0` },
          [`${componentCls}-tab-active`]: { borderBottomColor: token.colorBgContainer },
        },
      },
    },
  };
}

/** antd's genTabStyle: a tab, without the remove button's own rules. */
function genTabStyle(token: TabsToken): CSSObject {
  const { componentCls, itemActiveColor, itemHoverColor, iconCls, tabsHorizontalItemMargin, horizontalItemPadding, itemSelectedColor, itemColor } = token;
  const tabCls = `${componentCls}-tab`;
  return {
    [tabCls]: {
      position: 'relative',
      WebkitTouchCallout: 'none',
      WebkitTapHighlightColor: 'transparent',
      display: 'inline-flex',
      alignItems: 'center',
      padding: horizontalItemPadding,
      fontSize: token.titleFontSize,
      background: 'transparent',
      border: 0,
      outline: 'none',
      cursor: 'pointer',
      color: itemColor,
      '&-btn, &-remove': { '&:focus:not(:focus-visible), &:active': { color: itemActiveColor } },
      '&-btn': {
        outline: 'none',
        transition: `all ${token.motionDurationSlow}`,
        [`${tabCls}-icon:not(:last-child)`]: { marginInlineEnd: token.marginSM },
        [`${tabCls}-icon > svg`]: { display: 'inline-block', verticalAlign: 'middle', marginBlockEnd: '0.2em' },
      },
      '&:hover': { color: itemHoverColor },
      [`&${tabCls}-active ${tabCls}-btn`]: { color: itemSelectedColor },
      [`&${tabCls}-focus ${tabCls}-btn:focus-visible`]: genFocusOutline(token),
      [`&${tabCls}-disabled`]: { color: token.colorTextDisabled, cursor: 'not-allowed' },
      [`${iconCls}:not(:last-child)`]: { marginRight: { _skip_check_: true, value: token.marginSM } },
    },
    [`${tabCls} + ${tabCls}`]: { margin: { _skip_check_: true, value: tabsHorizontalItemMargin } },
  };
}

/** antd's genTabsStyle: the bar, the nav, the ink bar, the extra content and the (empty) pane, without the 更多 and add buttons and centring. */
function genTabsStyle(token: TabsToken): CSSObject {
  const { componentCls } = token;
  return {
    [componentCls]: {
      ...resetComponent(token),
      display: 'flex',
      [`> ${componentCls}-nav, > div > ${componentCls}-nav`]: {
        position: 'relative',
        display: 'flex',
        flex: 'none',
        alignItems: 'center',
        [`${componentCls}-nav-wrap`]: {
          position: 'relative',
          display: 'flex',
          flex: 'auto',
          alignSelf: 'stretch',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          transform: 'translate(0)',
          '&::before, &::after': {
            position: 'absolute',
            zIndex: 1,
            opacity: 0,
            transition: `opacity ${token.motionDurationSlow}`,
            content: "''",
            pointerEvents: 'none',
          },
        },
        [`${componentCls}-nav-list`]: { position: 'relative', display: 'flex', transition: `opacity ${token.motionDurationSlow}` },
      },
      [`${componentCls}-extra-content`]: { flex: 'none' },
      [`${componentCls}-ink-bar`]: { position: 'absolute', background: token.inkBarColor, pointerEvents: 'none' },
      ...genTabStyle(token),
      [`${componentCls}-body`]: { position: 'relative', width: '100%' },
      [`${componentCls}-body-holder`]: { flex: 'auto', minWidth: 0, minHeight: 0 },
      [`${componentCls}-content`]: { ...genFocusStyle(token), '&-hidden': { display: 'none' } },
    },
  };
}

/** prepareComponentToken is antd's for Tabs (antd/es/tabs/style/index.js): imported, it would bring that module's whole hook. */
function prepareComponentToken(): GetDefaultToken<'Tabs'> {
  return (t) => {
    const token = t as typeof t & Untyped;
    const { cardHeight, cardHeightSM, cardHeightLG, controlHeight, controlHeightLG } = token;
    const mergedCardHeight = cardHeight || controlHeightLG;
    const mergedCardHeightSM = cardHeightSM || controlHeight;
    const mergedCardHeightLG = cardHeightLG || controlHeightLG + 8;
    return {
      zIndexPopup: token.zIndexPopupBase + 50,
      cardBg: token.colorFillAlter,
      cardHeight: mergedCardHeight,
      cardHeightSM: mergedCardHeightSM,
      cardHeightLG: mergedCardHeightLG,
      cardPadding: `${(mergedCardHeight - token.fontHeight) / 2 - token.lineWidth}px ${token.padding}px`,
      cardPaddingSM: `${(mergedCardHeightSM - token.fontHeight) / 2 - token.lineWidth}px ${token.paddingXS}px`,
      cardPaddingLG: `${(mergedCardHeightLG - token.fontHeightLG) / 2 - token.lineWidth}px ${token.padding}px`,
      titleFontSize: token.fontSize,
      titleFontSizeLG: token.fontSizeLG,
      titleFontSizeSM: token.fontSize,
      inkBarColor: token.colorPrimary,
      horizontalMargin: `0 0 ${token.margin}px 0`,
      horizontalItemGutter: 32,
      horizontalItemMargin: ``,
      horizontalItemMarginRTL: ``,
      horizontalItemPadding: `${token.paddingSM}px 0`,
      horizontalItemPaddingSM: `${token.paddingXS}px 0`,
      horizontalItemPaddingLG: `${token.padding}px 0`,
      verticalItemPadding: `${token.paddingXS}px ${token.paddingLG}px`,
      verticalItemMargin: `${token.margin}px 0 0 0`,
      itemColor: token.colorText,
      itemSelectedColor: token.colorPrimary,
      itemHoverColor: token.colorPrimaryHover,
      itemActiveColor: token.colorPrimaryActive,
      cardGutter: token.marginXXS / 2,
    };
  };
}
