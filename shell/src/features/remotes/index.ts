// Public face of the remotes feature: a remote's page, tab or banner loaded at run time.
export { default as RemotePage, PageSkeleton, RemotePageLoaderContext, type RemotePageLoader, type RemotePageProps } from './RemotePage';
