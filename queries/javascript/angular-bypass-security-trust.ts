import { Component } from '@angular/core';
import { DomSanitizer, SafeHtml, SecurityContext } from '@angular/platform-browser';

@Component({ selector: 'app-comment', template: '<div [innerHTML]="body"></div>' })
export class CommentComponent {
  body: SafeHtml;
  constructor(private sanitizer: DomSanitizer) {}

  show(comment: { html: string; link: string }) {
    // ruleid: javascript/angular-bypass-security-trust
    this.body = this.sanitizer.bypassSecurityTrustHtml(comment.html);
    // ruleid: javascript/angular-bypass-security-trust
    const url = this.sanitizer.bypassSecurityTrustResourceUrl(`https://embed.example/${comment.link}`);
  }

  fixed() {
    // ok: javascript/angular-bypass-security-trust
    this.body = this.sanitizer.bypassSecurityTrustHtml('<b>Welcome</b>');
    // ok: javascript/angular-bypass-security-trust
    this.body = this.sanitizer.bypassSecurityTrustHtml(DOMPurify.sanitize(this.draft));
    // ok: javascript/angular-bypass-security-trust
    this.body = this.sanitizer.sanitize(SecurityContext.HTML, this.draft);
  }
}

export class PreviewComponent {
  constructor(private sanitizer: DomSanitizer) {}
  preview(unsanitizedHtml: string) {
    // ruleid: javascript/angular-bypass-security-trust
    return this.sanitizer.bypassSecurityTrustHtml(unsanitizedHtml);
  }
}
