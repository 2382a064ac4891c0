export { AppHeader, type AppHeaderProps } from './AppHeader';
export { DevBanner } from './DevBanner';
export { PageFrame, WideFrame } from './PageFrame';
export { BackgroundFrame } from './BackgroundFrame';
export { default as layoutStyles } from './layout.module.css';
