(function(){
  var jsErrors=document.getElementById('js-errors');
  window.addEventListener('error',function(e){ jsErrors.textContent+=String(e.message)+'\n'; document.body.dataset.jsErrors=(+(document.body.dataset.jsErrors||0))+1; });
  var state={layout:'',surface:'',view:'side',zoom:'fit'};
  var views=['side','slider','blink','diff'];
  function readHash(){
    var raw=location.hash.slice(1), hash=raw;
    if(document.getElementById(raw)) return raw;
    try{ hash=decodeURIComponent(raw); }catch(e){}
    if(hash.indexOf('=')<0||document.getElementById(hash)) return hash;
    hash.split('&').forEach(function(kv){ var i=kv.indexOf('='); if(i>0){ var k=kv.slice(0,i), v=kv.slice(i+1); if(k in state) state[k]=v; } });
    if(views.indexOf(state.view)<0) state.view='side';
    return '';
  }
  function writeHash(){
    var parts=[]; for(var k in state){ var dflt=(k==='view'?'side':k==='zoom'?'fit':''); if(state[k]!==dflt) parts.push(k+'='+encodeURIComponent(state[k])); }
    var url=parts.length?'#'+parts.join('&'):location.pathname+location.search;
    try{ history.replaceState(null,'',url); }catch(e){ location.hash=parts.join('&'); }
  }
  function apply(){
    document.getElementById('f-layout').value=state.layout;
    document.getElementById('f-surface').value=state.surface;
    document.getElementById('f-zoom').value=state.zoom;
    document.body.dataset.view=state.view;
    document.querySelectorAll('#f-view button').forEach(function(b){ b.classList.toggle('on',b.dataset.v===state.view); });
    var shownGroups=0, shownCases=0;
    document.querySelectorAll('.group').forEach(function(g){
      var any=false;
      g.querySelectorAll('.case').forEach(function(c){
        var ok=(!state.layout||c.dataset.layout===state.layout)&&(!state.surface||c.dataset.surface===state.surface);
        var box=c.parentElement.tagName==='LI'?c.parentElement:c; box.hidden=!ok; if(ok){ any=true; shownCases++; }
      });
      g.hidden=!any; if(any) shownGroups++;
      var link=document.querySelector('.toc a[href="#'+g.id+'"]'); if(link) link.parentElement.hidden=!any;
    });
    document.body.dataset.shownGroups=shownGroups; document.body.dataset.shownCases=shownCases;
    document.getElementById('shown').textContent=shownCases+' golden'+(shownCases===1?'':'s')+' in '+shownGroups+' group'+(shownGroups===1?'':'s')+' shown';
    zoom();
  }
  function zoom(){
    document.querySelectorAll('.view').forEach(function(v){
      var imgs=v.querySelectorAll('img'); if(!imgs.length) return;
      var w=0; imgs.forEach(function(i){ w=Math.max(w,i.naturalWidth||0); }); if(!w) return;
      var across=v.classList.contains('side')?v.querySelectorAll('figure').length:1;
      var avail=Math.max(100,(v.closest('.group')||document.body).clientWidth-40-12*(across-1));
      var z=state.zoom==='fit'?Math.floor(avail/(w*across)):+state.zoom;
      if(state.zoom==='fit'&&z<1) z=avail/(w*across); if(state.zoom==='fit') z=Math.min(z,8);
      imgs.forEach(function(i){ if(i.naturalWidth) i.style.width=(i.naturalWidth*z)+'px'; });
      var range=v.querySelector('input[type=range]'); if(range) range.style.width=(w*z)+'px';
    });
  }
  function reveal(id){
    if(!id) return; var el=document.getElementById(id); if(!el) return;
    var c=el.closest('.case'); if(c){ var d=c.querySelector('details'); if(d) d.open=true; }
    var g=el.closest('.group'); if(g&&g.hidden){ state.layout=''; state.surface=''; apply(); }
    document.querySelectorAll('.target').forEach(function(t){ t.classList.remove('target'); });
    if(c) c.classList.add('target'); el.scrollIntoView({block:'start'});
  }
  document.getElementById('f-layout').onchange=function(e){ state.layout=e.target.value; apply(); writeHash(); };
  document.getElementById('f-surface').onchange=function(e){ state.surface=e.target.value; apply(); writeHash(); };
  document.getElementById('f-zoom').onchange=function(e){ state.zoom=e.target.value; apply(); writeHash(); };
  document.querySelectorAll('#f-view button').forEach(function(b){ b.onclick=function(){ state.view=b.dataset.v; apply(); writeHash(); }; });
  document.querySelectorAll('.slider input[type=range]').forEach(function(r){
    var stack=r.parentElement.querySelector('.stack'); r.oninput=function(){ if(stack) stack.style.setProperty('--cut',r.value+'%'); };
  });
  document.querySelectorAll('details.more').forEach(function(d){ d.addEventListener('toggle',zoom); });
  setInterval(function(){ document.body.classList.toggle('blink-off'); },500);
  var images=Array.prototype.slice.call(document.images);
  function tally(){
    var loaded=0, failed=[];
    images.forEach(function(i){ if(i.complete){ if(i.naturalWidth>0) loaded++; else failed.push(i.getAttribute('src')); } });
    document.body.dataset.imagesTotal=images.length; document.body.dataset.imagesLoaded=loaded; document.body.dataset.imagesFailed=failed.length;
    document.getElementById('img-status').textContent=loaded+' of '+images.length+' images loaded';
    document.getElementById('img-errors').textContent=failed.length?'images that did not load:\n'+failed.join('\n'):'';
  }
  images.forEach(function(i){ i.addEventListener('load',function(){ tally(); zoom(); }); i.addEventListener('error',tally); });
  window.addEventListener('resize',zoom);
  window.addEventListener('hashchange',function(){ reveal(readHash()); apply(); });
  var target=readHash(); apply(); tally(); reveal(target);
})();
