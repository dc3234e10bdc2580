// placeholder: replaced by the push branch
/** The push notifications' handlers (issue 26, "Push"): the push branch's own file takes this one's place. */
export function registerPushHandlers(self: ServiceWorkerGlobalScope): void {
  void self;
}
