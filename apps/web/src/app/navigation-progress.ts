import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false });

/** The bar along the top during a navigation; loaded with the first one (RootShell). */
export default NProgress;
